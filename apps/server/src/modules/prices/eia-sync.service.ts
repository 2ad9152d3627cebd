import { randomUUID } from 'node:crypto';
import { shiftIsoDate, toIsoDate, verbatim, type ImportReport } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { createEiaApiClient, EIA_SPOT_ROUTE, type EiaApiClient } from '../../integrations/market-data/eia-api';
import type { PriceObservation } from '../../integrations/market-data/types';
import { recordImport, type ImportActor } from './price-import-history.service';
import { loadProductsByCode, refusedReport, storeObservations } from './price-import.service';
import { findLatestDateBySource, type ProductRecord } from './prices.repository';

/** How far back a first EIA API sync reaches, and how much a later one re-reads (EIA revises recent days). */
const EIA_FIRST_SYNC_YEARS = 10;
const EIA_RESYNC_DAYS = 14;

export interface SyncEiaApiInput {
  /** YYYY-MM-DD; by default a few days before the last synced date, or 10 years back the first time. */
  from?: string;
  to?: string;
  client?: EiaApiClient;
  /** Who to name in the import history; the CLI unless the scheduled job says so. */
  actor?: ImportActor;
}

/** Fetches the configured products' daily spot prices from the EIA API v2 and stores them in one transaction. */
export async function syncEiaApi(ctx: AppContext, input: SyncEiaApiInput = {}): Promise<ImportReport> {
  const actor = input.actor ?? { kind: 'cli' };
  let report: ImportReport;
  const importId = randomUUID();
  try {
    report = await syncEiaApiUnrecorded(ctx, input, importId, actor);
  } catch (error) {
    // A failed sync is part of the history too: the admin sees when and why prices did not come.
    const reason = error instanceof Error ? error.message : String(error);
    await recordImport(ctx, actor, refusedReport(`EIA API v2 ${EIA_SPOT_ROUTE}`, 'eia-api', verbatim(reason.replace(/\.$/, '')), null, []));
    throw error;
  }
  await recordImport(ctx, actor, report, importId);
  return report;
}

async function syncEiaApiUnrecorded(ctx: AppContext, input: SyncEiaApiInput, importId: string, actor: ImportActor): Promise<ImportReport> {
  const apiKey = ctx.config.EIA_API_KEY;
  if (!input.client && !apiKey) throw new Error('EIA_API_KEY is not set');
  const client = input.client ?? createEiaApiClient({ baseUrl: ctx.config.EIA_API_BASE_URL, apiKey: apiKey! });
  const products = await loadProductsByCode(ctx);
  const bySeries = new Map<string, ProductRecord>();
  for (const product of products.values()) {
    // The petroleum spot route only: Henry Hub (natural-gas/pri/fut) and futures are read from EIA's files.
    if (product.active && product.kind === 'spot' && product.category !== 'natural_gas' && product.eiaSeriesId) {
      bySeries.set(product.eiaSeriesId.toUpperCase(), product);
    }
  }
  const lastSynced = await findLatestDateBySource(ctx.db, 'eia-api');
  const today = toIsoDate(ctx.now());
  const start = input.from ?? (lastSynced ? shiftIsoDate(lastSynced, { days: -EIA_RESYNC_DAYS }) : shiftIsoDate(today, { days: -EIA_FIRST_SYNC_YEARS * 365 }));
  const fetched = await client.fetchSpotPrices({ series: [...bySeries.keys()], start, end: input.to });
  const seen = new Set<string>();
  const observations: PriceObservation[] = [];
  let skipped = fetched.skipped;
  for (const row of fetched.rows) {
    const product = bySeries.get(row.series.toUpperCase());
    const key = `${row.series}|${row.date}`;
    if (!product || seen.has(key)) {
      skipped += 1;
      continue;
    }
    seen.add(key);
    observations.push({ line: 0, productCode: product.code, date: row.date, forwardPeriod: '', value: row.value });
  }
  return storeObservations(ctx, products, {
    file: `EIA API v2 ${EIA_SPOT_ROUTE}`,
    format: 'eia-api',
    source: 'eia-api',
    observations,
    rejected: [],
    skippedBlank: skipped,
    importedBy: null,
    importId,
    actor,
  });
}
