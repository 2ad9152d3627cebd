import { NotBuiltPage } from '@/components/ui/not-built-page';

export default function ResetPasswordPage() {
  return <NotBuiltPage titleKey="sections.resetPassword" headingLevel={1} />;
}
