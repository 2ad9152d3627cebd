import type { SharedData } from '@fueldesk/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { getCurrentLanguage } from '@/lib/i18n';
import { useAccountColumns } from './accounts-list';
import { SimulatedBadge } from './counterparty-check';
import { formatMoney } from './panel';

/** The data arrived with the invitation: the tables have nothing left to load. */
const loaded = { isPending: false, isError: false, isSuccess: true, refetch: () => undefined };

type Transaction = NonNullable<SharedData['transactions']>[number];
type Holding = NonNullable<SharedData['investments']>[number];

function ScopeSection({ id, title, simulated, children }: { id: string; title: string; simulated: boolean; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h3 id={id} className="font-semibold text-slate-900 dark:text-slate-100">
          {title}
        </h3>
        {simulated ? <SimulatedBadge /> : null}
      </div>
      {children}
    </section>
  );
}

/** The data an accepted invitation shares, scope by scope; scopes not consented are absent from `data`. */
export function SharedDataView({ data, simulated }: { data: SharedData; simulated: boolean }) {
  const { t } = useTranslation('bank');
  const language = getCurrentLanguage();
  const accountColumns = useAccountColumns();
  const table = { query: loaded, errorTitle: t('detail.error'), retryLabel: t('actions.retry'), minWidthClass: 'min-w-[32rem]' };
  const transactionColumns: DataColumn<Transaction>[] = [
    { key: 'date', header: t('shared.date'), cell: (item) => item.date },
    { key: 'name', header: t('shared.description'), cell: (item) => item.name },
    { key: 'amount', header: t('shared.amount'), className: 'text-right tabular-nums', cell: (item) => formatMoney(item.amount, item.currency, language) },
  ];
  const holdingColumns: DataColumn<Holding>[] = [
    { key: 'security', header: t('shared.security'), cell: (item) => `${item.name}${item.ticker ? ` (${item.ticker})` : ''}` },
    { key: 'quantity', header: t('shared.quantity'), className: 'text-right tabular-nums', cell: (item) => item.quantity },
    { key: 'value', header: t('shared.value'), className: 'text-right tabular-nums', cell: (item) => formatMoney(item.value, item.currency, language) },
  ];
  return (
    <div className="flex flex-col gap-6">
      {data.identity ? (
        <ScopeSection id="shared-identity" simulated={simulated} title={t('scopes.identity.label')}>
          {data.identity.flatMap((entry) =>
            entry.owners.map((owner, index) => (
              <dl key={`${entry.institution.id}-${index}`} className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
                <dt className="text-slate-600 dark:text-slate-400">{t('shared.owner')}</dt>
                <dd>{entry.institution.name}</dd>
                <dt className="text-slate-600 dark:text-slate-400">{t('shared.names')}</dt>
                <dd>{owner.names.join(', ') || '—'}</dd>
                <dt className="text-slate-600 dark:text-slate-400">{t('shared.emails')}</dt>
                <dd>{owner.emails.join(', ') || '—'}</dd>
                <dt className="text-slate-600 dark:text-slate-400">{t('shared.addresses')}</dt>
                <dd>{owner.addresses.join('; ') || '—'}</dd>
                <dt className="text-slate-600 dark:text-slate-400">{t('shared.phones')}</dt>
                <dd>{owner.phones.join(', ') || '—'}</dd>
              </dl>
            )),
          )}
        </ScopeSection>
      ) : null}
      {data.balances ? (
        <ScopeSection id="shared-balances" simulated={simulated} title={t('scopes.balances.label')}>
          <DataTable {...table} minWidthClass="min-w-0" rows={data.balances} rowKey={(account) => `${account.institution.id}-${account.id}`} columns={accountColumns} caption={t('scopes.balances.label')} emptyText={t('accounts.empty')} />
        </ScopeSection>
      ) : null}
      {data.transactions ? (
        <ScopeSection id="shared-transactions" simulated={simulated} title={t('scopes.transactions.label')}>
          <DataTable {...table} rows={data.transactions} rowKey={(item) => item.id} columns={transactionColumns} caption={t('scopes.transactions.label')} emptyText={t('shared.noTransactions')} />
        </ScopeSection>
      ) : null}
      {data.investments ? (
        <ScopeSection id="shared-investments" simulated={simulated} title={t('scopes.investments.label')}>
          <DataTable
            {...table}
            rows={data.investments}
            rowKey={(item) => `${item.account_id}-${item.name}`}
            columns={holdingColumns}
            caption={t('scopes.investments.label')}
            emptyText={t('shared.noHoldings')}
          />
        </ScopeSection>
      ) : null}
    </div>
  );
}
