import { priceImportMessages as m, withParams, type Message } from '@fueldesk/contracts';
import { splitCsvRecord } from './csv';
import { medianGapDays, parseObservationDate, parseObservationValue, seriesTargets, type SeriesTarget } from './observations';
import type { ParsedPriceFile, PriceObservation, RejectedLine, SeriesProduct } from './types';

/**
 * Reader of EIA's CSV downloads ("Download CSV" of a series page or of a table, spot or futures):
 * - optional preamble lines before the header: the series' long name, its page address
 *   (`…/hist/RCLC1d.htm`, `LeafHandler.ashx?n=PET&s=RCLC1&f=D`, `series_id=PET.RCLC1.D`), the time
 *   of the download and `Source: …`;
 * - the header `Day,<long name>[,<long name>…]` (each name followed by its unit, e.g.
 *   `Cushing OK Crude Oil Future Contract 1 ($/bbl) $/bbl`), or a series id in a column's place;
 * - rows newest first, the day as `m/d/Y` not always zero-padded (`01/9/2023`), blank = no value.
 * Each column maps to a product by its EIA series id: the page address's id (a one-series file), the
 * id written as the column name, or the id of EIA's long name for that series (NAMED_SERIES). Columns
 * FuelDesk does not know are ignored, as in EIA's workbooks; a file with none it knows is refused,
 * naming them, and nothing is written.
 */

/** How many lines may come before the `Day,…` header. */
const MAX_PREAMBLE_LINES = 8;

/**
 * EIA's long names of the series FuelDesk has products for (the workbooks' row 3, without the unit),
 * normalised as normaliseSeriesName does → EIA series id. `#` is the contract number (1–4).
 */
const NAMED_SERIES: ReadonlyArray<readonly [string, string]> = [
  ['cushing ok crude oil future contract #', 'RCLC#'],
  ['new york harbor reformulated rbob regular gasoline future contract #', 'EER_EPMRR_PE#_Y35NY_DPG'],
  ['new york harbor no 2 heating oil future contract #', 'EER_EPD2F_PE#_Y35NY_DPG'],
  ['mont belvieu tx propane future contract #', 'EER_EPLLPA_PE#_Y44MB_DPG'],
  ['natural gas futures contract #', 'RNGC#'],
  ['henry hub natural gas spot price', 'RNGWHHD'],
  ['cushing ok wti spot price fob', 'RWTC'],
  ['europe brent spot price fob', 'RBRTE'],
  ['new york harbor conventional gasoline regular spot price fob', 'EER_EPMRU_PF4_Y35NY_DPG'],
  ['us gulf coast conventional gasoline regular spot price fob', 'EER_EPMRU_PF4_RGC_DPG'],
  ['los angeles reformulated rbob regular gasoline spot price', 'EER_EPMRR_PF4_Y05LA_DPG'],
  ['new york harbor no 2 heating oil spot price fob', 'EER_EPD2F_PF4_Y35NY_DPG'],
  ['new york harbor ultra-low sulfur no 2 diesel spot price', 'EER_EPD2DXL0_PF4_Y35NY_DPG'],
  ['us gulf coast ultra-low sulfur no 2 diesel spot price', 'EER_EPD2DXL0_PF4_RGC_DPG'],
  ['los angeles ca ultra-low sulfur carb diesel spot price', 'EER_EPD2DC_PF4_Y05LA_DPG'],
  ['us gulf coast kerosene-type jet fuel spot price fob', 'EER_EPJK_PF4_RGC_DPG'],
  ['mont belvieu tx propane spot price fob', 'EER_EPLLPA_PF4_Y44MB_DPG'],
];

const NAMED_SERIES_BY_NAME: ReadonlyMap<string, string> = new Map(
  NAMED_SERIES.flatMap(([name, id]) =>
    name.includes('#') ? [1, 2, 3, 4].map((n) => [name.replace('#', String(n)), id.replace('#', String(n))] as const) : [[name, id] as const],
  ),
);

/**
 * A long name as EIA writes it in any of its files → its comparable form: lower case, the unit cut
 * off (`($/bbl) $/bbl`, `$/MMBTU`, `(Dollars per Barrel)`, `Dollars per Gallon`), dots and commas
 * dropped, spaces collapsed. "Cushing, OK Crude Oil Future Contract 1 (Dollars per Barrel)" and
 * "Cushing OK Crude Oil Future Contract 1 ($/bbl) $/bbl" both give "cushing ok crude oil future contract 1".
 */
function normaliseSeriesName(name: string): string {
  const lower = name.toLowerCase();
  const unitAt = lower.search(/\(|\$\/|\bdollars per\b/);
  return (unitAt < 0 ? lower : lower.slice(0, unitAt))
    .replace(/[.,]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The daily series id an EIA page address names, or null (a weekly or monthly page names none). */
export function seriesIdFromAddress(text: string): string | null {
  const apiId = /series_id=(?:[A-Z]+\.)?([A-Z0-9_]+)\.([DWMA])\b/i.exec(text);
  if (apiId) return apiId[2]!.toUpperCase() === 'D' ? apiId[1]!.toUpperCase() : null;
  const leaf = /LeafHandler\.ashx\?[^\s"]*?\bs=([A-Z0-9_]+)/i.exec(text);
  if (leaf) {
    const frequency = /[?&]f=([A-Z])/i.exec(text)?.[1]?.toUpperCase();
    return !frequency || frequency === 'D' ? leaf[1]!.toUpperCase() : null;
  }
  // A history page: the id followed by its frequency letter (RCLC1d.htm, rngwhhdD.htm).
  const page = /\/hist\/([A-Z0-9_]+?)([DWMA])\.html?\b/i.exec(text);
  if (page) return page[2]!.toUpperCase() === 'D' ? page[1]!.toUpperCase() : null;
  return null;
}

/** The 0-based index of an EIA download's `Day,…` header among the file's first lines, or -1. */
export function findEiaDownloadHeader(lines: readonly string[]): number {
  let seen = 0;
  for (let index = 0; index < lines.length && seen <= MAX_PREAMBLE_LINES; index += 1) {
    const text = lines[index]!;
    if (text.trim() === '') continue;
    seen += 1;
    const first = /^\s*"?([^,"]*)"?\s*,/.exec(text)?.[1]?.trim().toLowerCase();
    if (first === 'day') return index;
  }
  return -1;
}

interface DownloadColumn {
  column: number;
  seriesId: string;
  target: SeriesTarget;
  dates: string[];
}

function refuse(reason: Message, line: number | null, rejected: RejectedLine[] = []): ParsedPriceFile {
  return { ok: false, format: 'eia-csv-download', reason, line, rejected };
}

/**
 * Parses an EIA CSV download whose header is line `headerIndex + 1` (see findEiaDownloadHeader).
 * Never throws on bad content: a bad row is rejected with its line number, a file is refused whole
 * when no column names a series FuelDesk knows or a series is not daily.
 */
export function parseEiaCsvDownload(lines: readonly string[], headerIndex: number, products: readonly SeriesProduct[]): ParsedPriceFile {
  const header = splitCsvRecord(lines[headerIndex]!);
  if (!header) return refuse(m.headerUnclosedQuote, headerIndex + 1);
  while (header.length > 2 && header[header.length - 1] === '') header.pop();
  if (header.length < 2) return refuse(m.downloadNoSeriesHeader, headerIndex + 1);

  const targets = seriesTargets(products);
  const preamble = lines.slice(0, headerIndex).join('\n');
  const addressId = header.length === 2 ? seriesIdFromAddress(preamble) : null;
  const columns: DownloadColumn[] = [];
  const unknown: string[] = [];
  for (let column = 1; column < header.length; column += 1) {
    const name = header[column]!;
    const asId = name.trim().toUpperCase();
    const seriesId = addressId ?? (targets.has(asId) ? asId : NAMED_SERIES_BY_NAME.get(normaliseSeriesName(name)));
    const target = seriesId ? targets.get(seriesId) : undefined;
    if (seriesId && target) columns.push({ column, seriesId, target, dates: [] });
    else unknown.push(seriesId ? `${seriesId} ("${name.slice(0, 60)}")` : `"${name.slice(0, 60)}"`);
  }
  if (columns.length === 0) {
    return refuse(withParams(m.downloadUnknownSeries, { series: `${unknown.slice(0, 4).join(', ')}${unknown.length > 4 ? ', …' : ''}` }), headerIndex + 1);
  }

  const observations: PriceObservation[] = [];
  const rejected: RejectedLine[] = [];
  const seen = new Map<string, number>();
  let skippedBlank = 0;
  for (let index = headerIndex + 1; index < lines.length; index += 1) {
    const text = lines[index]!;
    if (text.trim() === '') continue;
    const line = index + 1;
    const cells = splitCsvRecord(text);
    if (!cells) {
      rejected.push({ line, reason: m.unclosedQuote });
      continue;
    }
    while (cells.length > header.length && cells[cells.length - 1] === '') cells.pop();
    if (cells.length !== header.length) {
      rejected.push({ line, reason: withParams(m.columnCount, { expected: header.length, found: cells.length }) });
      continue;
    }
    const rawDate = cells[0]!;
    const date = parseObservationDate(rawDate);
    if (!date) {
      rejected.push({ line, reason: withParams(m.notUsDate, { value: rawDate.slice(0, 40) }) });
      continue;
    }
    const firstLine = seen.get(date);
    if (firstLine !== undefined) {
      rejected.push({ line, reason: withParams(m.repeatsDateOfLine, { date, first: firstLine }) });
      continue;
    }
    seen.set(date, line);
    // A row is read whole or not at all: one bad cell rejects its line.
    const values: Array<{ entry: DownloadColumn; value: string }> = [];
    let bad: Message | null = null;
    for (const entry of columns) {
      const value = parseObservationValue(cells[entry.column]!, entry.seriesId);
      if (value.kind === 'blank') continue;
      if (value.kind === 'error') {
        bad = value.reason;
        break;
      }
      values.push({ entry, value: value.value });
    }
    if (bad) {
      rejected.push({ line, reason: bad });
      continue;
    }
    skippedBlank += columns.length - values.length;
    for (const { entry, value } of values) {
      entry.dates.push(date);
      observations.push({ line, productCode: entry.target.code, date, forwardPeriod: entry.target.forwardPeriod, value });
    }
  }

  if (observations.length === 0) {
    return refuse(rejected.length > 0 ? m.noRowRead : m.noObservation, rejected[0]?.line ?? null, rejected);
  }
  for (const entry of columns) {
    if (entry.dates.length >= 10 && medianGapDays(entry.dates) >= 6) {
      return refuse(withParams(m.seriesNotDaily, { series: entry.seriesId }), null, rejected);
    }
  }
  return { ok: true, format: 'eia-csv-download', observations, rejected, skippedBlank };
}
