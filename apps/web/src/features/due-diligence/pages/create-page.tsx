import { NotBuiltPage } from '@/components/ui/not-built-page';

export default function DueDiligenceCreatePage() {
  return <NotBuiltPage titleKey="sections.dueDiligenceCreate" />;
}
