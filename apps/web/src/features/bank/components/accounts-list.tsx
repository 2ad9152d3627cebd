import type { BankAccountsResponse } from '@fueldesk/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { getCurrentLanguage } from '@/lib/i18n';
import { useBankAccounts } from '../api/bank-connection';
import { formatMoney } from './panel';

type Account = BankAccountsResponse['accounts'][number];

/** Account and balance (current, with available and limit under it) columns; the verification page and the shared data use them. */
export function useAccountColumns(): DataColumn<Account>[] {
  const { t } = useTranslation('bank');
  const language = getCurrentLanguage();
  /** The provider's type or subtype ("credit card") in the reader's language; an unknown one as the provider wrote it. */
  const accountKind = (account: Account) => {
    const kind = account.subtype ?? account.type;
    return t(`accountTypes.${kind}`, { defaultValue: kind });
  };
  return [
    {
      key: 'account',
      header: t('accounts.account'),
      cell: (account) => (
        <>
          <span className="font-medium">{account.name}</span>
          {account.mask ? <span className="text-slate-600 dark:text-slate-400"> ••{account.mask}</span> : null}
          <span className="block text-xs text-slate-600 dark:text-slate-400">
            {accountKind(account)} · {account.institution.name}
          </span>
        </>
      ),
    },
    {
      key: 'balance',
      header: t('balances.column'),
      className: 'text-right tabular-nums',
      // Current, available and limit in one column: two columns fit a 390 px phone without sideways scrolling.
      cell: (account) => (
        <>
          <span className="block font-medium">{formatMoney(account.balances.current, account.balances.currency, language)}</span>
          {account.balances.available !== null ? (
            <span className="block text-xs text-slate-600 dark:text-slate-400">
              {t('balances.available')} <span>{formatMoney(account.balances.available, account.balances.currency, language)}</span>
            </span>
          ) : null}
          {account.balances.limit !== null ? (
            <span className="block text-xs text-slate-600 dark:text-slate-400">
              {t('balances.limit')} <span>{formatMoney(account.balances.limit, account.balances.currency, language)}</span>
            </span>
          ) : null}
        </>
      ),
    },
  ];
}

/** The caller's connected accounts with available, current and limit balances. */
export function AccountsList() {
  const { t } = useTranslation('bank');
  const accounts = useBankAccounts();
  const columns = useAccountColumns();
  return (
    <DataTable
      query={accounts}
      rows={accounts.data?.accounts ?? []}
      rowKey={(account) => `${account.institution.id}-${account.id}`}
      columns={columns}
      caption={t('accounts.caption')}
      minWidthClass="min-w-0"
      errorTitle={t('accounts.error')}
      retryLabel={t('actions.retry')}
      emptyText={t('accounts.empty')}
    />
  );
}
