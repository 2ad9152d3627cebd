import { NotBuiltPage } from '@/components/ui/not-built-page';

export default function ActivatePage() {
  return <NotBuiltPage titleKey="sections.activate" headingLevel={1} />;
}
