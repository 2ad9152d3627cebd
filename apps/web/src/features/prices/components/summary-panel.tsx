import { useTranslation } from 'react-i18next';
import { usePriceSummary } from '../api/get-price-summary';
import { formatChange, formatDay, formatPercent, formatPrice, trendOf, trendTextClass } from '../lib/format';
import { DemoBadge } from './demo-badge';
import { ErrorState, LoadingState, Panel } from './state-views';

/** Prices per gallon are quoted to the tenth of a cent, per barrel to the cent. */
function decimalsOf(units: string): number {
  return units.endsWith('/gal') ? 3 : 2;
}

/** Market summary by category: average price, average change, advancers and decliners. */
export function SummaryPanel() {
  const { t } = useTranslation('prices');
  const query = usePriceSummary();
  let body;
  if (query.isPending) body = <LoadingState label={t('summary.loading')} />;
  else if (query.isError) body = <ErrorState error={query.error} title={t('summary.error')} onRetry={() => void query.refetch()} />;
  else if (query.data.categories.length === 0) body = <p className="text-sm text-slate-500 dark:text-slate-400">{t('empty.noData')}</p>;
  else
    body = (
      <>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('common.asOf', { date: formatDay(query.data.date, 'long') })}</p>
        <div className="relative overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-xs text-slate-500 dark:text-slate-400">
                <th scope="col" className="py-1 pr-2 font-medium">{t('summary.category')}</th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">{t('summary.average')}</th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">{t('summary.change')}</th>
                <th scope="col" className="py-1 text-right font-medium">{t('summary.breadth')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {query.data.categories.map((item) => {
                const decimals = decimalsOf(item.units);
                return (
                  <tr key={item.category}>
                    <th scope="row" className="py-1.5 pr-2 text-left font-medium">
                      {t(`categories.${item.category}`)} <span className="text-xs font-normal text-slate-500">({item.count})</span>
                    </th>
                    <td className="py-1.5 pr-2 text-right tabular-nums">
                      {formatPrice(item.average, decimals)} <span className="text-xs text-slate-500">{item.units}</span>
                    </td>
                    <td className={`py-1.5 pr-2 text-right tabular-nums ${trendTextClass[trendOf(item.average_change)]}`}>
                      {formatChange(item.average_change, decimals)} ({formatPercent(item.average_percent_change)})
                    </td>
                    <td className="py-1.5 text-right text-xs text-slate-600 dark:text-slate-300">
                      {t('summary.advancersDecliners', { up: item.advancers, down: item.decliners })}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </>
    );
  return (
    <Panel title={t('summary.title')} actions={query.data?.is_demo ? <DemoBadge /> : null}>
      {body}
    </Panel>
  );
}
