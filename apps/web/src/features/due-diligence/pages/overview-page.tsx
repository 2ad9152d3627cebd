import { NotBuiltPage } from '@/components/ui/not-built-page';

export default function DueDiligenceOverviewPage() {
  return <NotBuiltPage titleKey="sections.dueDiligence" />;
}
