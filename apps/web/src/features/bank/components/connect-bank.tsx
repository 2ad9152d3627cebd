import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { useLinkToken } from '../api/bank-connection';
import { Loading } from './panel';
import { PlaidLinkButton } from './plaid-link-button';
import { SandboxConnectDialog } from './sandbox-connect-dialog';

/** Opens Plaid Link, or the sandbox dialog when the server runs the built-in sandbox provider. */
export function ConnectBank() {
  const { t } = useTranslation('bank');
  const linkToken = useLinkToken();
  const [sandboxOpen, setSandboxOpen] = useState(false);
  if (linkToken.isPending) return <Loading label={t('connect.preparing')} />;
  if (linkToken.isError) {
    return <ErrorState title={t('messages.connectFailed')} retryLabel={t('actions.retry')} onRetry={() => void linkToken.refetch()} />;
  }
  if (linkToken.data.provider === 'plaid') return <PlaidLinkButton linkToken={linkToken.data.link_token} />;
  return (
    <div className="flex flex-col items-start gap-2">
      <Button onClick={() => setSandboxOpen(true)}>{t('connect.sandboxButton')}</Button>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('connect.sandboxNote')}</p>
      <SandboxConnectDialog open={sandboxOpen} onClose={() => setSandboxOpen(false)} />
    </div>
  );
}
