import { NotBuiltPage } from '@/components/ui/not-built-page';

export default function VerifyEmailPage() {
  return <NotBuiltPage titleKey="sections.verifyEmail" headingLevel={1} />;
}
