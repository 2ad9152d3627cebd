import { NotBuiltPage } from '@/components/ui/not-built-page';

export default function BankPage() {
  return <NotBuiltPage titleKey="sections.bank" />;
}
