import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { getCurrentLanguage } from '@/lib/i18n';
import { useBankAccounts, useIdentityVerification } from '../api/bank-connection';
import { useReceivedInvitations } from '../api/invitations';
import { Panel } from '../components/panel';
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
  return (
    <QueryState
      query={verification}
      size="md"
      loadingText={t('verification.loading')}
      errorTitle={t('verification.error')}
      retryLabel={t('actions.retry')}
      isEmpty={({ status }) => !status}
      emptyText={t('verification.none')}
    >
      {({ status }) =>
        status && (
          <p className="flex items-center gap-2 text-slate-800 dark:text-slate-200">
            {t('verification.status')} <VerificationStatusBadge status={status} />
          </p>
        )
      }
    </QueryState>
  );
}

function BankSummary() {
  const { t } = useTranslation('bank');
  const accounts = useBankAccounts();
  return (
    <QueryState
      query={accounts}
      size="md"
      loadingText={t('accounts.loading')}
      errorTitle={t('accounts.error')}
      retryLabel={t('actions.retry')}
      isEmpty={(data) => data.accounts.length === 0}
      emptyText={t('accounts.empty')}
    >
      {({ accounts: list }) => (
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
      )}
    </QueryState>
  );
}

function InvitationsSummary() {
  const { t } = useTranslation('bank');
  const received = useReceivedInvitations();
  const dateFormat = new Intl.DateTimeFormat(getCurrentLanguage(), { dateStyle: 'medium' });
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
      {({ invitations }) => {
        const pending = invitations.filter((invitation) => invitation.status === 'PENDING').length;
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
      }}
    </QueryState>
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
