import type { SharedData } from '@fueldesk/contracts';
import { useTranslation } from 'react-i18next';
import { getCurrentLanguage } from '@/lib/i18n';
import { formatMoney } from './panel';

const th = 'py-2 pr-3';

/** The data an accepted invitation shares, scope by scope; scopes not consented are absent from `data`. */
export function SharedDataView({ data }: { data: SharedData }) {
  const { t } = useTranslation('bank');
  const language = getCurrentLanguage();
  return (
    <div className="flex flex-col gap-6">
      {data.identity ? (
        <section aria-labelledby="shared-identity">
          <h3 id="shared-identity" className="mb-2 font-semibold text-slate-900 dark:text-slate-100">{t('scopes.identity.label')}</h3>
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
        </section>
      ) : null}
      {data.balances ? (
        <section aria-labelledby="shared-balances" className="overflow-x-auto">
          <h3 id="shared-balances" className="mb-2 font-semibold text-slate-900 dark:text-slate-100">{t('scopes.balances.label')}</h3>
          <table className="w-full min-w-[32rem] text-left text-sm">
            <thead className="text-slate-600 dark:text-slate-400">
              <tr>
                <th scope="col" className={th}>{t('accounts.account')}</th>
                <th scope="col" className={`${th} text-right`}>{t('balances.available')}</th>
                <th scope="col" className={`${th} text-right`}>{t('balances.current')}</th>
                <th scope="col" className="py-2 text-right">{t('balances.limit')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {data.balances.map((account) => (
                <tr key={`${account.institution.id}-${account.id}`}>
                  <td className={th}>{account.name} {account.mask ? `••${account.mask}` : ''} · {account.institution.name}</td>
                  <td className={`${th} text-right tabular-nums`}>{formatMoney(account.balances.available, account.balances.currency, language)}</td>
                  <td className={`${th} text-right tabular-nums`}>{formatMoney(account.balances.current, account.balances.currency, language)}</td>
                  <td className="py-2 text-right tabular-nums">{formatMoney(account.balances.limit, account.balances.currency, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {data.transactions ? (
        <section aria-labelledby="shared-transactions" className="overflow-x-auto">
          <h3 id="shared-transactions" className="mb-2 font-semibold text-slate-900 dark:text-slate-100">{t('scopes.transactions.label')}</h3>
          {data.transactions.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('shared.noTransactions')}</p>
          ) : (
            <table className="w-full min-w-[32rem] text-left text-sm">
              <thead className="text-slate-600 dark:text-slate-400">
                <tr>
                  <th scope="col" className={th}>{t('shared.date')}</th>
                  <th scope="col" className={th}>{t('shared.description')}</th>
                  <th scope="col" className="py-2 text-right">{t('shared.amount')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
                {data.transactions.map((item) => (
                  <tr key={item.id}>
                    <td className={th}>{item.date}</td>
                    <td className={th}>{item.name}</td>
                    <td className="py-2 text-right tabular-nums">{formatMoney(item.amount, item.currency, language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ) : null}
      {data.investments ? (
        <section aria-labelledby="shared-investments" className="overflow-x-auto">
          <h3 id="shared-investments" className="mb-2 font-semibold text-slate-900 dark:text-slate-100">{t('scopes.investments.label')}</h3>
          <table className="w-full min-w-[32rem] text-left text-sm">
            <thead className="text-slate-600 dark:text-slate-400">
              <tr>
                <th scope="col" className={th}>{t('shared.security')}</th>
                <th scope="col" className={`${th} text-right`}>{t('shared.quantity')}</th>
                <th scope="col" className="py-2 text-right">{t('shared.value')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {data.investments.map((holding, index) => (
                <tr key={`${holding.account_id}-${index}`}>
                  <td className={th}>{holding.name}{holding.ticker ? ` (${holding.ticker})` : ''}</td>
                  <td className={`${th} text-right tabular-nums`}>{holding.quantity}</td>
                  <td className="py-2 text-right tabular-nums">{formatMoney(holding.value, holding.currency, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </div>
  );
}
