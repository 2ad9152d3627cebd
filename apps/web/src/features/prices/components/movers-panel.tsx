import type { PriceRow } from '@fueldesk/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePriceMovers } from '../api/get-price-movers';
import { formatDay, formatPrice, prepareDayFormat } from '../lib/format';
import { useProductLabels } from '../lib/product-labels';
import { DemoBadge } from './demo-badge';
import { PriceChange } from './price-change';
import { ErrorState, LoadingState, Panel } from './state-views';

function MoverList({ title, rows }: { title: string; rows: PriceRow[] }) {
  const { t } = useTranslation('prices');
  const labels = useProductLabels();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <h4 className="text-xs font-semibold text-slate-500 dark:text-slate-400">{title}</h4>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('movers.none')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((row) => (
            <li key={row.id} className="flex items-center justify-between gap-2 py-1.5 text-sm">
              <span className="min-w-0 flex-1 leading-snug" title={row.product_description}>
                {labels.name(row.code_id, row.product_name, row.product_name_es)}
              </span>
              <span className="flex shrink-0 flex-col items-end">
                <span className="tabular-nums">
                  {formatPrice(row.value, row.decimal_places)} <span className="text-xs text-slate-500">{row.units}</span>
                </span>
                <PriceChange diff={row.diff_base_value} percent={row.percent_change} decimals={row.decimal_places} className="text-xs" />
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Top gainers and losers of the latest publication date. */
export function MoversPanel({ limit = 5 }: { limit?: number }) {
  const { t } = useTranslation('prices');
  const query = usePriceMovers({ limit });
  // The date line's formatter, built while the movers are on their way rather than in the render
  // that shows them.
  useEffect(() => prepareDayFormat('long'), []);
  let body;
  if (query.isPending) body = <LoadingState label={t('movers.loading')} />;
  else if (query.isError) body = <ErrorState error={query.error} title={t('movers.error')} onRetry={() => void query.refetch()} />;
  else if (!query.data.date) body = <p className="text-sm text-slate-500 dark:text-slate-400">{t('empty.noData')}</p>;
  else
    body = (
      <>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('common.asOf', { date: formatDay(query.data.date, 'long') })}</p>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <MoverList title={t('movers.gainers')} rows={query.data.gainers} />
          <MoverList title={t('movers.losers')} rows={query.data.losers} />
        </div>
      </>
    );
  return (
    <Panel title={t('movers.title')} actions={query.data?.is_demo ? <DemoBadge /> : null}>
      {body}
    </Panel>
  );
}
