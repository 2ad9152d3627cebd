import type { BankAccountsResponse } from '@fueldesk/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { getCurrentLanguage } from '@/lib/i18n';
import { useBankAccounts } from '../api/bank-connection';
import { formatMoney } from './panel';

type Account = BankAccountsResponse['accounts'][number];

/** Account, available, current and limit columns; the verification page and the shared data use them. */
export function useAccountColumns(): DataColumn<Account>[] {
  const { t } = useTranslation('bank');
  const language = getCurrentLanguage();
  const money = (pick: (account: Account) => string | null) => (account: Account) => formatMoney(pick(account), account.balances.currency, language);
  return [
    {
      key: 'account',
      header: t('accounts.account'),
      cell: (account) => (
        <>
          <span className="font-medium">{account.name}</span>
          {account.mask ? <span className="text-slate-600 dark:text-slate-400"> ••{account.mask}</span> : null}
          <span className="block text-xs text-slate-600 dark:text-slate-400">
            {account.subtype ?? account.type} · {account.institution.name}
          </span>
        </>
      ),
    },
    { key: 'available', header: t('balances.available'), className: 'text-right tabular-nums', cell: money((account) => account.balances.available) },
    { key: 'current', header: t('balances.current'), className: 'text-right tabular-nums', cell: money((account) => account.balances.current) },
    { key: 'limit', header: t('balances.limit'), className: 'text-right tabular-nums', cell: money((account) => account.balances.limit) },
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
      minWidthClass="min-w-[32rem]"
      errorTitle={t('accounts.error')}
      retryLabel={t('actions.retry')}
      emptyText={t('accounts.empty')}
    />
  );
}
