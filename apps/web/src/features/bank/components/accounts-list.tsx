import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { getCurrentLanguage } from '@/lib/i18n';
import { useBankAccounts } from '../api/bank-connection';
import { Empty, formatMoney, Loading } from './panel';

/** The caller's connected accounts with available, current and limit balances. */
export function AccountsList() {
  const { t } = useTranslation('bank');
  const accounts = useBankAccounts();
  const language = getCurrentLanguage();
  if (accounts.isPending) return <Loading label={t('accounts.loading')} />;
  if (accounts.isError) return <ErrorState title={t('accounts.error')} retryLabel={t('actions.retry')} onRetry={() => void accounts.refetch()} />;
  if (accounts.data.accounts.length === 0) return <Empty>{t('accounts.empty')}</Empty>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{t('accounts.caption')}</caption>
        <thead className="text-slate-600 dark:text-slate-400">
          <tr>
            <th scope="col" className="py-2 pr-3">{t('accounts.account')}</th>
            <th scope="col" className="py-2 pr-3">{t('accounts.institution')}</th>
            <th scope="col" className="py-2 pr-3 text-right">{t('balances.available')}</th>
            <th scope="col" className="py-2 pr-3 text-right">{t('balances.current')}</th>
            <th scope="col" className="py-2 text-right">{t('balances.limit')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {accounts.data.accounts.map((account) => (
            <tr key={`${account.institution.id}-${account.id}`} className="text-slate-900 dark:text-slate-100">
              <td className="py-2 pr-3">
                <span className="font-medium">{account.name}</span>
                {account.mask ? <span className="text-slate-600 dark:text-slate-400"> ••{account.mask}</span> : null}
                <span className="block text-xs text-slate-600 dark:text-slate-400">{account.subtype ?? account.type}</span>
              </td>
              <td className="py-2 pr-3">{account.institution.name}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{formatMoney(account.balances.available, account.balances.currency, language)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{formatMoney(account.balances.current, account.balances.currency, language)}</td>
              <td className="py-2 text-right tabular-nums">{formatMoney(account.balances.limit, account.balances.currency, language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
