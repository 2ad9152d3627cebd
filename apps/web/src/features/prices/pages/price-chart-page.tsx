import { NotBuiltPage } from '@/components/ui/not-built-page';

export default function PriceChartPage() {
  return <NotBuiltPage titleKey="sections.priceChart" />;
}
