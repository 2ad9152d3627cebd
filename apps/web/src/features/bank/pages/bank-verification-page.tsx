import { NotBuiltPage } from '@/components/ui/not-built-page';

export default function BankVerificationPage() {
  return <NotBuiltPage titleKey="sections.bankVerification" />;
}
