import type { ExportPricesQuery } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { formatCsv } from '../../integrations/market-data/csv';
import { getPriceHistory } from './price-history.service';
import { listPrices } from './prices.service';

/** CSV of the daily table (date, category) or, with `codes`, of the history; safe to open in a spreadsheet. */
export async function exportPrices(ctx: AppContext, query: ExportPricesQuery): Promise<{ filename: string; csv: string }> {
  if (query.codes) {
    const history = await getPriceHistory(ctx, { codes: query.codes, from: query.from, to: query.to });
    const rows = history.series.flatMap((series) =>
      series.points.map((point) => [point.date, series.code, series.name, point.value, point.diff_base_value, series.units, series.is_demo ? 'demo' : '']),
    );
    return {
      filename: `fueldesk-history-${history.from}-${history.to}.csv`,
      csv: formatCsv(['date', 'code', 'product', 'value', 'diff_base_value', 'units', 'demo'], rows),
    };
  }
  const { body } = await listPrices(ctx, {
    date: query.date,
    category: query.category,
    sort: query.sort,
    order: query.order,
    page: 1,
    page_size: Number.MAX_SAFE_INTEGER,
  });
  const rows = body.rows.map((row) => [
    row.publication_date,
    row.code_id,
    row.product_name,
    row.category,
    row.delivery_mode_label,
    row.forward_period,
    row.value,
    row.diff_base_value,
    row.percent_change,
    row.units,
    row.source,
  ]);
  return {
    filename: `fueldesk-prices-${body.date ?? 'empty'}${query.category ? `-${query.category}` : ''}.csv`,
    csv: formatCsv(
      ['publication_date', 'code', 'product', 'category', 'delivery_mode', 'forward_period', 'value', 'diff_base_value', 'percent_change', 'units', 'source'],
      rows,
    ),
  };
}
