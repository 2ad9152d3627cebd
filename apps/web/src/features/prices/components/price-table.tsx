import type { PriceRow, PriceSortField } from '@fueldesk/contracts';
import clsx from 'clsx';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatChange, formatDay, formatPercent, formatPrice, trendOf, trendTextClass } from '../lib/format';
import { useProductLabels } from '../lib/product-labels';
import { DemoBadge } from './demo-badge';
import { SuspectBadge } from './suspect-badge';

interface PriceTableProps {
  rows: PriceRow[];
  sort: PriceSortField;
  order: 'asc' | 'desc';
  onSort: (field: PriceSortField) => void;
  busy?: boolean;
}

/**
 * The product column stays put while the rest scrolls sideways, narrow on a phone so the price and
 * the change sit next to it inside 390 px (its cells need an opaque background to cover what scrolls under).
 */
const stickyColumn = 'sticky left-0 z-10 w-[9.5rem] max-w-[9.5rem] sm:w-auto sm:max-w-none';

function SortHeader({
  field,
  label,
  sort,
  order,
  onSort,
  align = 'left',
  sticky = false,
}: { field: PriceSortField; label: string; align?: 'left' | 'right'; sticky?: boolean } & Omit<PriceTableProps, 'rows' | 'busy'>) {
  const { t } = useTranslation('prices');
  const active = sort === field;
  return (
    <th scope="col" aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'} className={clsx('px-3 py-2 font-medium', align === 'right' && 'text-right', sticky && clsx(stickyColumn, 'bg-slate-50 dark:bg-slate-800'))}>
      <button
        type="button"
        onClick={() => onSort(field)}
        className={clsx('focus-ring inline-flex items-center gap-1 rounded hover:text-slate-900 dark:hover:text-white', active && 'text-slate-900 dark:text-white')}
        title={t('table.sortBy', { column: label })}
      >
        {label}
        <span aria-hidden="true" className="text-[0.6rem]">
          {active ? (order === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

/** Marks a derived spread or a futures contract, so it is never taken for a published spot price. */
export function KindBadge({ kind }: { kind: PriceRow['kind'] }) {
  const { t } = useTranslation('prices');
  if (kind === 'spot') return null;
  return (
    <span className="rounded bg-sky-100 px-1.5 py-0.5 text-[0.65rem] font-semibold uppercase tracking-wide text-sky-800 dark:bg-sky-900/50 dark:text-sky-200">
      {t(kind === 'spread' ? 'table.spreadBadge' : 'table.futuresBadge')}
    </span>
  );
}

/** The daily price table; the server sorts, this only shows and asks. */
export function PriceTable({ rows, sort, order, onSort, busy }: PriceTableProps) {
  const { t } = useTranslation('prices');
  const header = { sort, order, onSort };
  const labels = useProductLabels();
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full min-w-[40rem] text-sm" aria-busy={busy}>
        <caption className="sr-only">{t('table.caption')}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-left text-xs text-slate-600 dark:border-slate-800 dark:bg-slate-800/60 dark:text-slate-300">
          <tr>
            <SortHeader field="product_name" label={t('table.product')} sticky {...header} />
            <SortHeader field="value" label={t('table.price')} align="right" {...header} />
            <SortHeader field="diff_base_value" label={t('table.change')} align="right" {...header} />
            <SortHeader field="percent_change" label={t('table.percent')} align="right" {...header} />
            <SortHeader field="category" label={t('table.category')} {...header} />
            <th scope="col" className="px-3 py-2 font-medium">
              {t('table.previous')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((row) => (
            <tr key={row.id} className="align-top">
              <th scope="row" className={clsx(stickyColumn, 'bg-white px-3 py-2 text-left font-medium dark:bg-slate-900')}>
                <span className="flex flex-wrap items-center gap-2">
                  {labels.name(row.code_id, row.product_name, row.product_name_es)}
                  <KindBadge kind={row.kind} />
                  {row.is_demo ? <DemoBadge /> : null}
                </span>
                <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">
                  {labels.delivery(row.code_id, row.delivery_mode_label)}
                  {row.forward_period ? ` · ${t('table.forward', { period: row.forward_period })}` : ''}
                </span>
                {row.formula ? <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">{t('table.formula', { formula: row.formula })}</span> : null}
                {/* A futures product's alert watches its contract 1, so only that row offers one (a C3 row's link would set an alert on C1). */}
                {row.forward_period === null || row.forward_period === 'C1' ? (
                  <Link
                    to={`/marketprice/alerts?product=${encodeURIComponent(row.code_id)}`}
                    aria-label={t('table.setAlertFor', { product: labels.name(row.code_id, row.product_name, row.product_name_es) })}
                    className="focus-ring mt-1 inline-block rounded text-xs font-normal text-amber-800 underline hover:text-amber-900 dark:text-amber-300"
                  >
                    {t('table.setAlert')}
                  </Link>
                ) : null}
              </th>
              <td className="px-2 py-2 text-right tabular-nums sm:px-3">
                {formatPrice(row.value, row.decimal_places)}{' '}
                <span className="block text-xs text-slate-500 sm:inline dark:text-slate-400">{row.units}</span>
                {row.suspect ? (
                  <span className="mt-1 block">
                    <SuspectBadge />
                  </span>
                ) : null}
              </td>
              <td className={clsx('px-2 py-2 text-right tabular-nums sm:px-3', trendTextClass[trendOf(row.diff_base_value)])}>
                {row.diff_base_value === null ? t('change.none') : formatChange(row.diff_base_value, row.decimal_places)}
              </td>
              <td className={clsx('px-3 py-2 text-right tabular-nums', trendTextClass[trendOf(row.diff_base_value)])}>{formatPercent(row.percent_change)}</td>
              <td className="px-3 py-2">{t(`categories.${row.category}`)}</td>
              <td className="px-3 py-2 text-xs text-slate-500 dark:text-slate-400">{row.previous_date ? formatDay(row.previous_date) : t('change.none')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
