import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { useLinkToken } from '../api/bank-connection';
import { PlaidLinkButton } from './plaid-link-button';
import { SandboxConnectDialog } from './sandbox-connect-dialog';

/** Opens Plaid Link, or the sandbox dialog when the server runs the built-in sandbox provider. */
export function ConnectBank() {
  const { t } = useTranslation('bank');
  const linkToken = useLinkToken();
  const [sandboxOpen, setSandboxOpen] = useState(false);
  return (
    <QueryState query={linkToken} size="md" loadingText={t('connect.preparing')} errorTitle={t('messages.connectFailed')} retryLabel={t('actions.retry')}>
      {(token) =>
        token.provider === 'plaid' ? (
          <PlaidLinkButton linkToken={token.link_token} />
        ) : (
          <div className="flex flex-col items-start gap-2">
            <Button onClick={() => setSandboxOpen(true)}>{t('connect.sandboxButton')}</Button>
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('connect.sandboxNote')}</p>
            <SandboxConnectDialog open={sandboxOpen} onClose={() => setSandboxOpen(false)} />
          </div>
        )
      }
    </QueryState>
  );
}
