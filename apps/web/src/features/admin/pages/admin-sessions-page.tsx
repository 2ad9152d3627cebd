import clsx from 'clsx';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SanctionsListsStatus } from '../components/sanctions-lists-status';
import { SessionsPanel } from '../components/sessions-panel';
import { UsersPanel } from '../components/users-panel';

type Tab = 'sessions' | 'users';
const tabs: Tab[] = ['sessions', 'users'];

/** /admin/sessions (admins only, guarded by the router and the server): sessions and users. */
export default function AdminSessionsPage() {
  const { t } = useTranslation('admin');
  const baseId = useId();
  const [tab, setTab] = useState<Tab>('sessions');
  const refs = useRef<Record<Tab, HTMLButtonElement | null>>({ sessions: null, users: null });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const index = tabs.indexOf(tab);
    const next =
      event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : (index + (event.key === 'ArrowRight' ? 1 : -1) + tabs.length) % tabs.length;
    setTab(tabs[next]);
    refs.current[tabs[next]]?.focus();
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6">
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">{t('intro')}</p>
      <SanctionsListsStatus />
      <div role="tablist" aria-label={t('tabs.label')} onKeyDown={onKeyDown} className="mb-4 flex gap-1 border-b border-slate-200 dark:border-slate-800">
        {tabs.map((name) => (
          <button
            key={name}
            ref={(element) => {
              refs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            className={clsx(
              'focus-ring -mb-px border-b-2 px-4 py-2 text-sm font-semibold',
              tab === name
                ? 'border-amber-500 text-slate-900 dark:text-white'
                : 'border-transparent text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-200',
            )}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${tab}`}>
        {tab === 'sessions' ? <SessionsPanel /> : <UsersPanel />}
      </div>
    </div>
  );
}
