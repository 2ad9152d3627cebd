import { successfulIdentityVerificationStatuses, type ReceivedInvitation } from '@fueldesk/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { QueryState } from '@/components/ui/query-state';
import { getCurrentLanguage } from '@/lib/i18n';
import { useBankAccounts, useIdentityVerification } from '../api/bank-connection';
import { useAnswerInvitation, useReceivedInvitations } from '../api/invitations';
import { ScopeList } from './scope-list';
import { InvitationStatusBadge } from './status-badge';
import { useBankText } from './use-bank-error-text';

/** Who sent an invitation: name (company), else the e-mail address. */
export function invitationSender({ from }: Pick<ReceivedInvitation, 'from'>): string {
  return from.name ? `${from.name}${from.company ? ` (${from.company})` : ''}` : from.email;
}

function ReceivedItem({ invitation, ready }: { invitation: ReceivedInvitation; ready: { bank: boolean; identity: boolean } }) {
  const { t } = useTranslation('bank');
  const { errorText } = useBankText();
  const answer = useAnswerInvitation();
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const dateFormat = new Intl.DateTimeFormat(getCurrentLanguage(), { dateStyle: 'medium' });
  const from = invitationSender(invitation);
  const canConsent = ready.bank && ready.identity;
  return (
    <li className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-slate-900 dark:text-slate-100">{from}</span>
        <InvitationStatusBadge status={invitation.status} />
        <time dateTime={invitation.created_at} className="text-sm text-slate-600 dark:text-slate-400">
          {t('received.sentOn', { date: dateFormat.format(new Date(invitation.created_at)) })}
        </time>
      </div>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t('received.willShare')}</p>
      <ScopeList scopes={invitation.scopes} />
      {invitation.status === 'PENDING' ? (
        <div className="mt-3 flex flex-col gap-2">
          {!canConsent ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">{!ready.bank ? t('messages.consentNeedsBank') : t('messages.consentNeedsIdentity')}</p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button disabled={!canConsent || answer.isPending} onClick={() => answer.mutate({ id: invitation.id, action: 'consent' })}>
              {t('received.consent')}
            </Button>
            <Button variant="secondary" disabled={answer.isPending} onClick={() => answer.mutate({ id: invitation.id, action: 'reject' })}>
              {t('received.reject')}
            </Button>
          </div>
        </div>
      ) : null}
      {invitation.status === 'ACCEPTED' ? (
        <div className="mt-3">
          <Button variant="secondary" onClick={() => setConfirmWithdraw(true)}>
            {t('received.withdraw')}
          </Button>
          <ConfirmDialog
            open={confirmWithdraw}
            title={t('received.withdrawTitle')}
            description={t('received.withdrawBody', { who: from })}
            confirmLabel={t('received.withdraw')}
            cancelLabel={t('actions.cancel')}
            onConfirm={() => {
              answer.mutate({ id: invitation.id, action: 'revoke' });
              setConfirmWithdraw(false);
            }}
            onCancel={() => setConfirmWithdraw(false)}
          />
        </div>
      ) : null}
      {answer.isError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">
          {errorText(answer.error)}
        </p>
      ) : null}
    </li>
  );
}

/** Invitations addressed to the caller, each with the consent panel listing exactly what would be shared. */
export function ReceivedInvitations() {
  const { t } = useTranslation('bank');
  const received = useReceivedInvitations();
  const accounts = useBankAccounts();
  const verification = useIdentityVerification();
  const status = verification.data?.status ?? null;
  const ready = {
    bank: (accounts.data?.accounts.length ?? 0) > 0,
    identity: status !== null && successfulIdentityVerificationStatuses.includes(status),
  };
  return (
    <QueryState
      query={received}
      size="md"
      loadingText={t('received.loading')}
      errorTitle={t('received.error')}
      retryLabel={t('actions.retry')}
      isEmpty={(data) => data.invitations.length === 0}
      emptyText={t('received.empty')}
    >
      {({ invitations }) => (
        <ul className="flex flex-col gap-3">
          {invitations.map((invitation) => (
            <ReceivedItem key={invitation.id} invitation={invitation} ready={ready} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}
