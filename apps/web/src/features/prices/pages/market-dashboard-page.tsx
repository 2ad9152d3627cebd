import { NotBuiltPage } from '@/components/ui/not-built-page';

export default function MarketDashboardPage() {
  return <NotBuiltPage titleKey="sections.marketDashboard" />;
}
