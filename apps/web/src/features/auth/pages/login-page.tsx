import { NotBuiltPage } from '@/components/ui/not-built-page';

export default function LoginPage() {
  return <NotBuiltPage titleKey="sections.login" headingLevel={1} />;
}
