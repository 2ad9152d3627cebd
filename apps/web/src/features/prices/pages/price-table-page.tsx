import { NotBuiltPage } from '@/components/ui/not-built-page';

export default function PriceTablePage() {
  return <NotBuiltPage titleKey="sections.marketPrice" />;
}
