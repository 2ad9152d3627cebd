import { NotBuiltPage } from '@/components/ui/not-built-page';

export default function FirstTimeSetPasswordPage() {
  return <NotBuiltPage titleKey="sections.firstTimeSetPassword" headingLevel={1} />;
}
