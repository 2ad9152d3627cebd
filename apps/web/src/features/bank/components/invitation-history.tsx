import type { Invitation } from '@fueldesk/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { getCurrentLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { readJson, writeJson } from '@/lib/storage';
import { useInvitationAction, useInvitations, type InvitationAction } from '../api/invitations';
import { ConfirmDialog } from './confirm-dialog';
import { Empty, Loading } from './panel';
import { InvitationStatusBadge } from './status-badge';
import { useBankText } from './use-bank-error-text';

/** SPEC.md §4: the history can be cleared and restored locally; the invitations stay on the server. */
function useHiddenInvitations(owner: string | undefined) {
  const key = `bank:hidden-invitations:${owner ?? 'guest'}`;
  const [hidden, setHidden] = useState<string[]>(() => {
    const stored = readJson('local', key);
    return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : [];
  });
  const save = (ids: string[]) => {
    setHidden(ids);
    writeJson('local', key, ids);
  };
  return { hidden, clear: (ids: string[]) => save([...new Set([...hidden, ...ids])]), restore: () => save([]) };
}

interface PendingConfirm {
  invitation: Invitation;
  action: Extract<InvitationAction, 'revoke' | 'delete'>;
}

/** Sent invitations: status, dates, view, resend, revoke and delete (after confirmation), clear / restore. */
export function InvitationHistory() {
  const { t } = useTranslation('bank');
  const { errorText } = useBankText();
  const { user } = useSession();
  const invitations = useInvitations();
  const action = useInvitationAction();
  const { hidden, clear, restore } = useHiddenInvitations(user?.email);
  const [confirm, setConfirm] = useState<PendingConfirm | null>(null);
  const dateFormat = new Intl.DateTimeFormat(getCurrentLanguage(), { dateStyle: 'medium', timeStyle: 'short' });

  if (invitations.isPending) return <Loading label={t('history.loading')} />;
  if (invitations.isError) return <ErrorState title={t('history.error')} retryLabel={t('actions.retry')} onRetry={() => void invitations.refetch()} />;
  const all = invitations.data.invitations;
  const shown = all.filter((invitation) => !hidden.includes(invitation.id));

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={shown.length === 0} onClick={() => clear(shown.map((invitation) => invitation.id))}>
          {t('history.clear')}
        </Button>
        <Button variant="ghost" disabled={hidden.length === 0} onClick={restore}>
          {t('history.restore')}
        </Button>
      </div>
      {shown.length === 0 ? (
        <Empty>{all.length === 0 ? t('history.empty') : t('history.cleared')}</Empty>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">{t('history.caption')}</caption>
            <thead className="text-slate-600 dark:text-slate-400">
              <tr>
                <th scope="col" className="py-2 pr-3">{t('history.email')}</th>
                <th scope="col" className="py-2 pr-3">{t('history.status')}</th>
                <th scope="col" className="py-2 pr-3">{t('history.created')}</th>
                <th scope="col" className="py-2 pr-3">{t('history.consented')}</th>
                <th scope="col" className="py-2">{t('history.actions')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {shown.map((invitation) => (
                <tr key={invitation.id} className="text-slate-900 dark:text-slate-100">
                  <td className="py-2 pr-3">
                    <Link to={`/bank/send-email/${invitation.id}`} className="font-medium underline">
                      {invitation.email}
                    </Link>
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      {invitation.scopes.map((scope) => t(`scopes.${scope}.label`)).join(', ')}
                    </span>
                  </td>
                  <td className="py-2 pr-3">
                    <InvitationStatusBadge status={invitation.status} />
                  </td>
                  <td className="py-2 pr-3">{dateFormat.format(new Date(invitation.created_at))}</td>
                  <td className="py-2 pr-3">{invitation.consented_at ? dateFormat.format(new Date(invitation.consented_at)) : '—'}</td>
                  <td className="py-2">
                    <div className="flex flex-wrap gap-1">
                      {invitation.status === 'PENDING' ? (
                        <Button variant="ghost" onClick={() => action.mutate({ id: invitation.id, action: 'resend' })}>
                          {t('history.resend')}
                        </Button>
                      ) : null}
                      {invitation.status === 'PENDING' || invitation.status === 'ACCEPTED' ? (
                        <Button variant="ghost" onClick={() => setConfirm({ invitation, action: 'revoke' })}>
                          {t('history.revoke')}
                        </Button>
                      ) : null}
                      <Button variant="ghost" onClick={() => setConfirm({ invitation, action: 'delete' })}>
                        {t('history.delete')}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {action.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {errorText(action.error)}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm ? t(`history.${confirm.action}Title`) : ''}
        body={confirm ? t(`history.${confirm.action}Body`, { email: confirm.invitation.email }) : ''}
        confirmLabel={confirm ? t(`history.${confirm.action}`) : ''}
        onConfirm={() => confirm && action.mutate({ id: confirm.invitation.id, action: confirm.action })}
        onClose={() => setConfirm(null)}
      />
    </div>
  );
}

/** The month's financial validations of the plan. */
export function PlanUsage() {
  const { t } = useTranslation('bank');
  const invitations = useInvitations();
  if (!invitations.data) return null;
  const { usage } = invitations.data;
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      {t('usage.text', { used: usage.used, limit: usage.limit, remaining: usage.remaining })}{' '}
      {usage.remaining === 0 ? (
        <Link to="/#plans" className="font-semibold underline">
          {t('usage.seePlans')}
        </Link>
      ) : null}
    </p>
  );
}
