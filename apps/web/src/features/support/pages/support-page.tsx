import { SUPPORT_RESPONSE_HOURS, type SupportMessage } from '@fueldesk/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/ui/query-state';
import { getCurrentLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/auth-store';
import { supportMessagesQueryOptions, useSupportMessages } from '../api/get-support-messages';
import { SupportForm } from '../components/support-form';

function MessageList() {
  const { t } = useTranslation('support');
  const messages = useSupportMessages();
  const dateFormat = new Intl.DateTimeFormat(getCurrentLanguage(), { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <QueryState
      query={messages}
      size="md"
      loadingText={t('list.loading')}
      errorTitle={t('list.error')}
      retryLabel={t('list.retry')}
      isEmpty={(list) => list.length === 0}
      emptyText={t('list.empty')}
    >
      {(list) => (
        <ul className="flex flex-col gap-3">
          {list.map((message: SupportMessage) => (
            <li key={message.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-500/20 dark:text-amber-200">
                  {t(`types.${message.type}`)}
                </span>
                <h3 className="font-semibold text-slate-900 dark:text-slate-100">{message.subject}</h3>
                <time dateTime={message.created_at} className="text-sm text-slate-600 dark:text-slate-400">
                  {t('list.sentOn', { date: dateFormat.format(new Date(message.created_at)) })}
                </time>
              </div>
              <p className="mt-2 whitespace-pre-wrap text-slate-700 dark:text-slate-300">{message.message}</p>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

/**
 * Loads the caller's earlier messages into the cache, as the list asks for them: the app's start
 * awaits it before the first render when the entry script has asked for them early
 * (app/signed-in-pages.ts). Never rejects.
 */
export function primeSupportData(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(supportMessagesQueryOptions());
}

/** `/support`: the support form with the caller's earlier messages below it. */
export default function SupportPage() {
  const { t } = useTranslation('support');
  const { user } = useSession();

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 p-4 sm:p-6">
      <p className="text-slate-700 dark:text-slate-300">
        {user?.email
          ? t('intro', { hours: SUPPORT_RESPONSE_HOURS, email: user.email })
          : t('introNoEmail', { hours: SUPPORT_RESPONSE_HOURS })}
      </p>
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900">
        <SupportForm />
      </div>
      <section aria-labelledby="support-history" className="flex flex-col gap-4">
        <h2 id="support-history" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          {t('list.heading')}
        </h2>
        <MessageList />
      </section>
    </div>
  );
}
