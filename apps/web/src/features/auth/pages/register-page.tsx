import { NotBuiltPage } from '@/components/ui/not-built-page';

export default function RegisterPage() {
  return <NotBuiltPage titleKey="sections.register" headingLevel={1} />;
}
