import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QueryState } from '@/components/ui/query-state';
import { invitationsQueryOptions, useInvitation } from '../api/invitations';
import { CounterpartyCheck } from '../components/counterparty-check';
import { InvitationForm } from '../components/invitation-form';
import { InvitationHistory, PlanUsage } from '../components/invitation-history';
import { Panel } from '../components/panel';
import { ScopeList } from '../components/scope-list';
import { SharedDataView } from '../components/shared-data-view';
import { InvitationStatusBadge } from '../components/status-badge';
import { useBankText } from '../components/use-bank-error-text';

/**
 * Loads the sent invitations and the plan's usage (the plain page's history) into the cache: the
 * app's start awaits it before the first render when the entry script has asked for it early
 * (app/signed-in-pages.ts). Never rejects.
 */
export function primeSendEmailData(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(invitationsQueryOptions());
}

function InvitationDetail({ id }: { id: string }) {
  const { t } = useTranslation('bank');
  const { errorText } = useBankText();
  const invitation = useInvitation(id);
  return (
    <QueryState query={invitation} size="md" loadingText={t('detail.loading')} errorTitle={t('detail.error')} errorDetail={errorText} retryLabel={t('actions.retry')}>
      {(detail) => (
        <div className="flex flex-col gap-4">
          <p className="flex flex-wrap items-center gap-2 text-slate-900 dark:text-slate-100">
            <span className="font-semibold">{detail.email}</span>
            <InvitationStatusBadge status={detail.status} />
          </p>
          <CounterpartyCheck detail={detail} />
          <ScopeList scopes={detail.scopes} />
          {detail.data ? <SharedDataView data={detail.data} simulated={detail.provider === 'sandbox'} /> : <p className="text-slate-600 dark:text-slate-400">{t('detail.noData')}</p>}
        </div>
      )}
    </QueryState>
  );
}

/** `/bank/send-email` (form, usage, history) and `/bank/send-email/{id}` (the shared data). */
export default function SendEmailPage() {
  const { t } = useTranslation('bank');
  const { id } = useParams();
  if (id) {
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-4 p-4 sm:p-6">
        <Link to="/bank/send-email" className="text-sm font-semibold underline">
          {t('detail.back')}
        </Link>
        <Panel id="invitation-detail" title={t('detail.heading')}>
          <InvitationDetail id={id} />
        </Panel>
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 p-4 sm:p-6">
      <p className="text-slate-700 dark:text-slate-300">{t('sendPage.intro')}</p>
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900">
        <InvitationForm />
      </div>
      <Panel id="invitation-history" title={t('history.heading')} actions={<PlanUsage />}>
        <InvitationHistory />
      </Panel>
    </div>
  );
}
