import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { getCurrentLanguage } from '@/lib/i18n';
import { useBankAccounts, useIdentityVerification } from '../api/bank-connection';
import { useReceivedInvitations } from '../api/invitations';
import { Empty, Loading, Panel } from '../components/panel';
import { invitationSender } from '../components/received-invitations';
import { InvitationStatusBadge, VerificationStatusBadge } from '../components/status-badge';

const VERIFICATION_PATH = '/bank/verification';

/** One panel of the home: a summary, then the way to where it is done. */
function SummaryPanel({ id, title, link, children }: { id: string; title: string; link: string; children: ReactNode }) {
  return (
    <Panel id={id} title={title}>
      <div className="flex flex-col gap-4">
        {children}
        <Link to={VERIFICATION_PATH} className={buttonClassName('secondary', 'self-start')}>
          {link}
        </Link>
      </div>
    </Panel>
  );
}

function IdentitySummary() {
  const { t } = useTranslation('bank');
  const verification = useIdentityVerification();
  if (verification.isPending) return <Loading label={t('verification.loading')} />;
  if (verification.isError) {
    return <ErrorState title={t('verification.error')} retryLabel={t('actions.retry')} onRetry={() => void verification.refetch()} />;
  }
  const { status } = verification.data;
  return status ? (
    <p className="flex items-center gap-2 text-slate-800 dark:text-slate-200">
      {t('verification.status')} <VerificationStatusBadge status={status} />
    </p>
  ) : (
    <Empty>{t('verification.none')}</Empty>
  );
}

function BankSummary() {
  const { t } = useTranslation('bank');
  const accounts = useBankAccounts();
  if (accounts.isPending) return <Loading label={t('accounts.loading')} />;
  if (accounts.isError) return <ErrorState title={t('accounts.error')} retryLabel={t('actions.retry')} onRetry={() => void accounts.refetch()} />;
  const list = accounts.data.accounts;
  if (list.length === 0) return <Empty>{t('accounts.empty')}</Empty>;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-slate-800 dark:text-slate-200">{t('clientHome.connected', { count: list.length })}</p>
      <ul className="flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-300">
        {list.map((account) => (
          <li key={`${account.institution.id}-${account.id}`}>
            <span className="font-medium">{account.name}</span>
            {account.mask ? ` ••${account.mask}` : ''} · {account.institution.name}
          </li>
        ))}
      </ul>
    </div>
  );
}

function InvitationsSummary() {
  const { t } = useTranslation('bank');
  const received = useReceivedInvitations();
  if (received.isPending) return <Loading label={t('received.loading')} />;
  if (received.isError) return <ErrorState title={t('received.error')} retryLabel={t('actions.retry')} onRetry={() => void received.refetch()} />;
  const { invitations } = received.data;
  if (invitations.length === 0) return <Empty>{t('received.empty')}</Empty>;
  const pending = invitations.filter((invitation) => invitation.status === 'PENDING').length;
  const dateFormat = new Intl.DateTimeFormat(getCurrentLanguage(), { dateStyle: 'medium' });
  return (
    <div className="flex flex-col gap-2">
      {pending > 0 ? <p className="font-medium text-slate-800 dark:text-slate-200">{t('clientHome.pending', { count: pending })}</p> : null}
      <ul className="flex flex-col gap-2">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700">
            <span className="font-semibold text-slate-900 dark:text-slate-100">{invitationSender(invitation)}</span>
            <InvitationStatusBadge status={invitation.status} />
            <time dateTime={invitation.created_at} className="text-sm text-slate-600 dark:text-slate-400">
              {t('received.sentOn', { date: dateFormat.format(new Date(invitation.created_at)) })}
            </time>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * `/home` of a restricted cliente (SPEC.md §2 lets it open /home, §6 confines it to bank
 * verification): what it may see, read from the bank and sharing APIs only — never the price or
 * dashboard APIs, which refuse it. Everything is done on /bank/verification.
 */
export default function ClientHomePage() {
  const { t } = useTranslation('bank');
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 p-4 sm:p-6">
      <p className="text-slate-700 dark:text-slate-300">{t('clientHome.intro')}</p>
      <SummaryPanel id="home-identity" title={t('verification.heading')} link={t('clientHome.goVerification')}>
        <IdentitySummary />
      </SummaryPanel>
      <SummaryPanel id="home-bank" title={t('connect.heading')} link={t('clientHome.goBank')}>
        <BankSummary />
      </SummaryPanel>
      <SummaryPanel id="home-received" title={t('received.heading')} link={t('clientHome.goInvitations')}>
        <InvitationsSummary />
      </SummaryPanel>
    </div>
  );
}
