import { isAdmin, type Release } from '@fueldesk/contracts';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/ui/query-state';
import { getCurrentLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/auth-store';
import { useReleases } from '../api/get-releases';
import { ReleaseForm } from '../components/release-form';

const typeStyles: Record<Release['type'], string> = {
  major: 'bg-red-100 text-red-900 dark:bg-red-500/20 dark:text-red-200',
  minor: 'bg-amber-100 text-amber-900 dark:bg-amber-500/20 dark:text-amber-200',
  patch: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-200',
};

function ReleaseCard({ release, dateFormat }: { release: Release; dateFormat: Intl.DateTimeFormat }) {
  const { t } = useTranslation('releases');
  return (
    <article
      aria-labelledby={`release-${release.id}`}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h2 id={`release-${release.id}`} lang={release.language} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          {release.title}
        </h2>
        <span className="rounded-md bg-slate-900 px-2 py-0.5 font-mono text-xs font-semibold text-white dark:bg-slate-100 dark:text-slate-900">
          {t('version', { version: release.version })}
        </span>
        <span className={clsx('rounded-full px-2 py-0.5 text-xs font-semibold', typeStyles[release.type])}>{t(`types.${release.type}`)}</span>
        <time dateTime={release.released_at} className="text-sm text-slate-600 dark:text-slate-400">
          {t('releasedOn', { date: dateFormat.format(new Date(release.released_at)) })}
        </time>
      </header>
      <p lang={release.language} className="mt-3 text-slate-700 dark:text-slate-300">
        {release.description}
      </p>
      <div lang={release.language} className="mt-4 grid gap-4 sm:grid-cols-2">
        {release.sections.map((section, index) => (
          <section key={index} aria-label={section.title}>
            <h3 className="text-sm font-semibold tracking-wide text-slate-800 uppercase dark:text-slate-200">{section.title}</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700 marker:text-amber-600 dark:text-slate-300">
              {section.items.map((item, itemIndex) => (
                <li key={itemIndex}>{item}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </article>
  );
}

/** `/releases`: release notes newest first, and for admins the publish form. */
export default function ReleasesPage() {
  const { t } = useTranslation('releases');
  const { role, isSuperadmin } = useSession();
  const releases = useReleases();
  const dateFormat = new Intl.DateTimeFormat(getCurrentLanguage(), { dateStyle: 'long' });
  const canPublish = isAdmin({ role, is_superadmin: isSuperadmin });

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 p-4 sm:p-6">
      <p className="text-slate-700 dark:text-slate-300">{t('intro')}</p>
      {canPublish ? (
        <div className="rounded-xl border border-amber-200 bg-amber-50/60 p-5 dark:border-amber-500/30 dark:bg-amber-500/5">
          <ReleaseForm />
        </div>
      ) : null}
      <QueryState
        query={releases}
        size="md"
        loadingText={t('loading')}
        errorTitle={t('error')}
        retryLabel={t('retry')}
        isEmpty={(list) => list.length === 0}
        emptyText={t('empty')}
      >
        {(list) => (
          <div className="flex flex-col gap-5">
            {list.map((release) => (
              <ReleaseCard key={release.id} release={release} dateFormat={dateFormat} />
            ))}
          </div>
        )}
      </QueryState>
    </div>
  );
}
