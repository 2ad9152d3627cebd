import { Suspense, useEffect, useRef, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { PageLoader } from '@/components/ui/spinner';

export type ProfilePanel = 'profile' | 'settings';

/** The views themselves come from the app (the profile feature); layouts import no feature. */
export type ProfilePanels = Record<ProfilePanel, ComponentType<{ onClose: () => void }>>;

/** Profile and Settings are views over the page content, not routes (SPEC.md §2). */
export function ProfilePanelFrame({ view, views, onClose }: { view: ProfilePanel; views: ProfilePanels; onClose: () => void }) {
  const View = views[view];
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
        <View onClose={onClose} />
      </Suspense>
    </section>
  );
}
