import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '@/components/ui/tabs';
import { SessionsPanel } from '../components/sessions-panel';
import { UsersPanel } from '../components/users-panel';

type Tab = 'sessions' | 'users';

/** /admin/sessions (admins only, guarded by the router and the server): sessions and users. */
export default function AdminSessionsPage() {
  const { t } = useTranslation('admin');
  const [tab, setTab] = useState<Tab>('sessions');
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6">
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">{t('intro')}</p>
      <Tabs
        label={t('tabs.label')}
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'sessions', label: t('tabs.sessions'), content: <SessionsPanel /> },
          { value: 'users', label: t('tabs.users'), content: <UsersPanel /> },
        ]}
      />
    </div>
  );
}
