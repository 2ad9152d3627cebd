import { NotBuiltPage } from '@/components/ui/not-built-page';

export default function HomeDashboardPage() {
  return <NotBuiltPage titleKey="sections.home" />;
}
