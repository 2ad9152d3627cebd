import { NotBuiltPage } from '@/components/ui/not-built-page';

export default function AdminSessionsPage() {
  return <NotBuiltPage titleKey="sections.adminSessions" />;
}
