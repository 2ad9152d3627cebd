import { NotBuiltPage } from '@/components/ui/not-built-page';

export default function SendEmailPage() {
  return <NotBuiltPage titleKey="sections.sendEmail" />;
}
