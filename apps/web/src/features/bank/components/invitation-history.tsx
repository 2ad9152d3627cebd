import type { Invitation } from '@fueldesk/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { getCurrentLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/auth-store';
import { readJson, writeJson } from '@/lib/storage';
import { useInvitationAction, useInvitations, type InvitationAction } from '../api/invitations';
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

  const all = invitations.data?.invitations ?? [];
  const shown = all.filter((invitation) => !hidden.includes(invitation.id));
  const columns: DataColumn<Invitation>[] = [
    {
      key: 'email',
      header: t('history.email'),
      cell: (invitation) => (
        <>
          <Link to={`/bank/send-email/${invitation.id}`} className="font-medium underline">
            {invitation.email}
          </Link>
          <span className="block text-xs text-slate-600 dark:text-slate-400">{invitation.scopes.map((scope) => t(`scopes.${scope}.label`)).join(', ')}</span>
        </>
      ),
    },
    { key: 'status', header: t('history.status'), cell: (invitation) => <InvitationStatusBadge status={invitation.status} /> },
    { key: 'created', header: t('history.created'), cell: (invitation) => dateFormat.format(new Date(invitation.created_at)) },
    { key: 'consented', header: t('history.consented'), cell: (invitation) => (invitation.consented_at ? dateFormat.format(new Date(invitation.consented_at)) : '—') },
    {
      key: 'actions',
      header: t('history.actions'),
      hiddenHeader: true,
      cell: (invitation) => (
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
      ),
    },
  ];

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
      <DataTable
        query={invitations}
        rows={shown}
        rowKey={(invitation) => invitation.id}
        columns={columns}
        caption={t('history.caption')}
        minWidthClass="min-w-[40rem]"
        errorTitle={t('history.error')}
        retryLabel={t('actions.retry')}
        emptyText={all.length === 0 ? t('history.empty') : t('history.cleared')}
      />
      {action.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {errorText(action.error)}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm ? t(`history.${confirm.action}Title`) : ''}
        description={confirm ? t(`history.${confirm.action}Body`, { email: confirm.invitation.email }) : ''}
        confirmLabel={confirm ? t(`history.${confirm.action}`) : ''}
        cancelLabel={t('actions.cancel')}
        onConfirm={() => {
          if (confirm) action.mutate({ id: confirm.invitation.id, action: confirm.action });
          setConfirm(null);
        }}
        onCancel={() => setConfirm(null)}
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
