import { useTranslation } from 'react-i18next';
import { AccountsList } from '../components/accounts-list';
import { ConnectBank } from '../components/connect-bank';
import { IdentityVerificationPanel } from '../components/identity-verification-panel';
import { Panel } from '../components/panel';
import { ReceivedInvitations } from '../components/received-invitations';

/** `/bank/verification` and `/plaid`: connect a bank, verify identity, answer invitations (the cliente's whole app). */
export default function BankVerificationPage() {
  const { t } = useTranslation('bank');
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 p-4 sm:p-6">
      <p className="text-slate-700 dark:text-slate-300">{t('verificationPage.intro')}</p>
      <Panel id="bank-connect" title={t('connect.heading')} actions={<ConnectBank />}>
        <AccountsList />
      </Panel>
      <Panel id="bank-identity" title={t('verification.heading')}>
        <IdentityVerificationPanel />
      </Panel>
      <Panel id="bank-received" title={t('received.heading')}>
        <ReceivedInvitations />
      </Panel>
    </div>
  );
}
