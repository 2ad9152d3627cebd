import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoader } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { SessionsPanel } from '../components/sessions-panel';

// The other tabs' panels load when their tab is pointed at, focused or chosen: in the page's chunk
// they were ~100 KiB of code (the products and suspect-values forms with zod and the form hooks)
// that a phone downloaded before the sessions tab's first render (Lighthouse: that page's largest
// paint waited for the framework, which shared the link with them). Loaded unasked 2 s after the
// first paint instead, their evaluation was a long task of its own (TBT 75 → 292 ms, paired).
const loadUsersPanel = () => import('../components/users-panel');
const loadInboxPanel = () => import('../components/inbox-panel');
const loadImportsPanel = () => import('../components/imports-panel');
const loadProductsPanel = () => import('../components/products-panel');
const UsersPanel = lazy(() => loadUsersPanel().then((module) => ({ default: module.UsersPanel })));
const InboxPanel = lazy(() => loadInboxPanel().then((module) => ({ default: module.InboxPanel })));
const ImportsPanel = lazy(() => loadImportsPanel().then((module) => ({ default: module.ImportsPanel })));
const ProductsPanel = lazy(() => loadProductsPanel().then((module) => ({ default: module.ProductsPanel })));

const preloadOtherPanels = () => {
  for (const load of [loadUsersPanel, loadInboxPanel, loadImportsPanel, loadProductsPanel]) void load().catch(() => undefined);
};

const lazyPanel = (panel: ReactNode) => <Suspense fallback={<PageLoader />}>{panel}</Suspense>;

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
        onPrefetch={preloadOtherPanels}
        items={[
          { value: 'sessions', label: t('tabs.sessions'), content: <SessionsPanel /> },
          { value: 'users', label: t('tabs.users'), content: lazyPanel(<UsersPanel />) },
          { value: 'inbox', label: t('tabs.inbox'), content: lazyPanel(<InboxPanel />) },
          { value: 'imports', label: t('tabs.imports'), content: lazyPanel(<ImportsPanel />) },
          { value: 'products', label: t('tabs.products'), content: lazyPanel(<ProductsPanel />) },
        ]}
      />
      {/* Below the tabs: it arrives after them (its own code and answer), and above them it pushed
          the sessions table down (a layout shift of 0.43 in Lighthouse on a phone). */}
      {sanctionsPanel ? <div className="mt-4">{sanctionsPanel}</div> : null}
    </div>
  );
}
