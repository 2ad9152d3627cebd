import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { PageLoader } from '@/components/ui/spinner';

export type AccountView = 'profile' | 'settings';

const ProfileView = lazy(() => import('@/features/account/components/profile-view'));
const SettingsView = lazy(() => import('@/features/account/components/settings-view'));

/** Profile and Settings are views over the page content, not routes (SPEC.md §2). */
export function AccountViewFrame({ view, onClose }: { view: AccountView; onClose: () => void }) {
  const { t } = useTranslation();
  const backRef = useRef<HTMLButtonElement>(null);

  useEffect(() => backRef.current?.focus(), [view]);

  return (
    <section aria-label={t(`sections.${view}`)} className="min-h-full">
      <div className="border-b border-slate-200 px-4 py-2 sm:px-6 dark:border-slate-800">
        <button
          ref={backRef}
          type="button"
          onClick={onClose}
          className="focus-ring inline-flex items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <Icon name="arrowLeft" className="size-4" />
          {t('account.back')}
        </button>
      </div>
      <Suspense fallback={<PageLoader />}>
        {view === 'profile' ? <ProfileView onClose={onClose} /> : <SettingsView onClose={onClose} />}
      </Suspense>
    </section>
  );
}
