import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs } from '@/components/ui/tabs';
import { ImportsPanel } from '../components/imports-panel';
import { InboxPanel } from '../components/inbox-panel';
import { ProductsPanel } from '../components/products-panel';
import { SessionsPanel } from '../components/sessions-panel';
import { UsersPanel } from '../components/users-panel';

const tabs = ['sessions', 'users', 'inbox', 'imports', 'products'] as const;
type Tab = (typeof tabs)[number];

function isTab(value: string | null): value is Tab {
  return (tabs as readonly (string | null)[]).includes(value);
}

/**
 * /admin/sessions (admins only, guarded by the router and the server): sessions, users, inbox,
 * imports, products; ?tab= names the tab. `sanctionsPanel` is the screening feature's lists status, which
 * app/admin-sessions-route.tsx passes in (a feature imports no other feature).
 */
export default function AdminSessionsPage({ sanctionsPanel }: { sanctionsPanel?: ReactNode }) {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'sessions';
  const setTab = (next: Tab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'sessions') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
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
          { value: 'inbox', label: t('tabs.inbox'), content: <InboxPanel /> },
          { value: 'imports', label: t('tabs.imports'), content: <ImportsPanel /> },
          { value: 'products', label: t('tabs.products'), content: <ProductsPanel /> },
        ]}
      />
      {/* Below the tabs: it arrives after them (its own code and answer), and above them it pushed
          the sessions table down (a layout shift of 0.43 in Lighthouse on a phone). */}
      {sanctionsPanel ? <div className="mt-4">{sanctionsPanel}</div> : null}
    </div>
  );
}
