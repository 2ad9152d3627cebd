import { useTranslation } from 'react-i18next';
import { usePlaidLink } from 'react-plaid-link';
import { Button } from '@/components/ui/button';
import { exchangePublicToken, useConnectBank } from '../api/bank-connection';
import { useBankText } from './use-bank-error-text';

/** Plaid Link in the browser; its public token is exchanged by the server, which keeps the access token. */
export function PlaidLinkButton({ linkToken }: { linkToken: string }) {
  const { t } = useTranslation('bank');
  const { errorText } = useBankText();
  const connect = useConnectBank<string>((publicToken) => exchangePublicToken(publicToken, linkToken));
  const { open, ready } = usePlaidLink({ token: linkToken, onSuccess: (publicToken) => {
      if (publicToken) connect.mutate(publicToken);
    },
  });
  return (
    <div className="flex flex-col items-start gap-2">
      <Button onClick={() => open()} disabled={!ready || connect.isPending}>
        {connect.isPending ? t('sandbox.connecting') : t('connect.button')}
      </Button>
      {connect.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {t('messages.connectFailed')} {errorText(connect.error, '')}
        </p>
      ) : null}
    </div>
  );
}
