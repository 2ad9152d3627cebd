import { NotBuiltPage } from '@/components/ui/not-built-page';

export default function DueDiligenceDetailPage() {
  return <NotBuiltPage titleKey="sections.dueDiligenceDetail" />;
}
