import { isoEpochDay, priceImportMessages as m, withParams, type Message } from '@fueldesk/contracts';
import { splitCsvRecord, splitLines } from './csv';
import { findEiaDownloadHeader, parseEiaCsvDownload } from './eia-csv-download';
import { FIRST_OBSERVATION_DAY, LAST_OBSERVATION_DAY, medianGapDays, medianGapOfDays, parseObservationDate, parseObservationValue } from './observations';
import type { ParsedPriceFile, PriceFileFormat, PriceObservation, RejectedLine, SeriesProduct } from './types';

/**
 * Reader of the price files FuelDesk accepts:
 * - EIA spot prices as the EIA publishes them on datahub (`Date,Price`), series taken from the file name;
 * - FRED's copies of the EIA series (`DATE,VALUE` with `.` or blank for no observation, series from the
 *   file name; or the newer `observation_date,<SERIES>`, series from the header);
 * - EIA's CSV downloads of a series or a table (`Day,<long name>…`, see eia-csv-download.ts);
 * - a generic CSV: `product_code,date,value[,forward_period]` in any column order.
 *
 * A malformed row (bad date, bad number, repeated date) is rejected with its line number and skipped.
 * A malformed file (unknown header or series, weekly/monthly data, no valid observation) is refused whole.
 */

/** File names of the EIA datahub package (eia-brent-wti) mapped to EIA series ids. */
const FILE_NAME_ALIASES: Record<string, string> = {
  'wti-daily': 'RWTC',
  'brent-daily': 'RBRTE',
};

const NON_DAILY_NAME = /(^|[^a-z])(weekly|monthly|annual|yearly|quarterly)([^a-z]|$)/i;
/** Below this many observations a file is too short to judge its frequency. */
const FREQUENCY_SAMPLE_MIN = 10;
const FORWARD_PERIOD_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 _./-]{0,23}$/;

export interface ParsePriceFileInput {
  /** The file's name (a path is fine): it names the series of `Date,Price` and `DATE,VALUE` files. */
  name: string;
  text: string;
  products: readonly SeriesProduct[];
}

function baseName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? name;
  return last.replace(/\.(csv|txt)$/i, '');
}

function findProductBySeries(products: readonly SeriesProduct[], key: string): SeriesProduct | undefined {
  const wanted = key.trim().toUpperCase();
  if (!wanted) return undefined;
  return products.find(
    (product) =>
      product.code.toUpperCase() === wanted ||
      product.eiaSeriesId?.toUpperCase() === wanted ||
      product.fredSeriesId?.toUpperCase() === wanted,
  );
}

/** EIA's own downloads carry a frequency letter (RWTCd, RWTCw); only daily (d) maps. */
function findProductByFileName(products: readonly SeriesProduct[], name: string): SeriesProduct | undefined {
  const base = baseName(name);
  const alias = FILE_NAME_ALIASES[base.toLowerCase()];
  if (alias) return findProductBySeries(products, alias);
  const direct = findProductBySeries(products, base);
  if (direct) return direct;
  if (/d$/i.test(base)) {
    const withoutFrequency = findProductBySeries(products, base.slice(0, -1));
    if (withoutFrequency?.eiaSeriesId?.toUpperCase() === base.slice(0, -1).toUpperCase()) return withoutFrequency;
  }
  return undefined;
}

interface Layout {
  format: PriceFileFormat;
  dateColumn: number;
  valueColumn: number;
  /** Series files: every row belongs to this product. */
  product?: SeriesProduct;
  codeColumn?: number;
  forwardColumn?: number;
  columns: number;
}

const PERIOD_KEYS: Record<string, Message> = {
  weekly: m.periodWeekly,
  monthly: m.periodMonthly,
  annual: m.periodAnnual,
  yearly: m.periodYearly,
  quarterly: m.periodQuarterly,
};

/** The period a file name says (weekly, monthly, …) as its own key: translated with the sentence that names it. */
function periodOf(word: string): string {
  return PERIOD_KEYS[word.toLowerCase()] as string;
}

type LayoutResult = { ok: true; layout: Layout } | { ok: false; reason: Message };

function detectLayout(header: string[], name: string, products: readonly SeriesProduct[]): LayoutResult {
  const lower = header.map((cell) => cell.toLowerCase());
  const fileLabel = baseName(name);

  const seriesFormat = (format: PriceFileFormat, seriesKey: string | null): LayoutResult => {
    if (NON_DAILY_NAME.test(fileLabel)) {
      return {
        ok: false,
        reason: withParams(m.nonDailyFile, { file: fileLabel, period: periodOf(NON_DAILY_NAME.exec(fileLabel)![2]!) }),
      };
    }
    const product = seriesKey ? findProductBySeries(products, seriesKey) : findProductByFileName(products, name);
    if (!product) {
      return {
        ok: false,
        reason: seriesKey ? withParams(m.unknownSeriesInHeader, { series: seriesKey }) : withParams(m.unknownFileName, { file: fileLabel }),
      };
    }
    return { ok: true, layout: { format, dateColumn: 0, valueColumn: 1, product, columns: 2 } };
  };

  if (lower.length === 2 && lower[0] === 'date' && lower[1] === 'price') return seriesFormat('eia-date-price', null);
  if (lower.length === 2 && lower[0] === 'date' && lower[1] === 'value') return seriesFormat('fred-date-value', null);
  if (lower.length === 2 && lower[0] === 'observation_date' && header[1]) return seriesFormat('fred-observation', header[1]);

  const codeColumn = lower.findIndex((cell) => cell === 'product_code' || cell === 'code' || cell === 'product');
  const dateColumn = lower.findIndex((cell) => cell === 'date' || cell === 'publication_date');
  const valueColumn = lower.findIndex((cell) => cell === 'value' || cell === 'price');
  const forwardColumn = lower.findIndex((cell) => cell === 'forward_period');
  if (codeColumn >= 0 && dateColumn >= 0 && valueColumn >= 0) {
    return {
      ok: true,
      layout: {
        format: 'generic-csv',
        codeColumn,
        dateColumn,
        valueColumn,
        forwardColumn: forwardColumn >= 0 ? forwardColumn : undefined,
        columns: header.length,
      },
    };
  }
  return {
    ok: false,
    reason: withParams(m.unrecognisedHeader, { header: header.join(',').slice(0, 80) }),
  };
}

/** Parses one price file; never throws on bad content (see the module comment for what is refused). */
export function parsePriceFile(input: ParsePriceFileInput): ParsedPriceFile {
  const lines = splitLines(input.text);
  const headerIndex = lines.findIndex((text) => text.trim() !== '');
  if (headerIndex < 0) return { ok: false, format: null, reason: m.empty, line: null, rejected: [] };
  const downloadHeader = findEiaDownloadHeader(lines);
  if (downloadHeader >= 0) return parseEiaCsvDownload(lines, downloadHeader, input.products);
  const header = splitCsvRecord(lines[headerIndex]!);
  if (!header) return { ok: false, format: null, reason: m.headerUnclosedQuote, line: headerIndex + 1, rejected: [] };
  const detected = detectLayout(header, input.name, input.products);
  if (!detected.ok) return { ok: false, format: null, reason: detected.reason, line: headerIndex + 1, rejected: [] };
  const { layout } = detected;
  // A series file holds one product's spot prices: its date alone tells a repeated row.
  const oneSeries = layout.codeColumn === undefined && layout.forwardColumn === undefined;

  const observations: PriceObservation[] = [];
  const rejected: RejectedLine[] = [];
  const seen = new Map<string, number>();
  // A series file's dates as days from 1970-01-01: the line that first gave each day (a typed array
  // indexed by the day, where a Map keyed by the date's text hashed a new string per row), and the
  // days of its observations in order, for the frequency check below.
  const firstLineOfDay = oneSeries ? new Int32Array(LAST_OBSERVATION_DAY - FIRST_OBSERVATION_DAY + 1) : null;
  const days = oneSeries ? new Float64Array(lines.length) : null;
  let skippedBlank = 0;

  for (let index = headerIndex + 1; index < lines.length; index += 1) {
    const text = lines[index]!;
    const line = index + 1;
    if (text.trim() === '') continue;
    const cells = splitCsvRecord(text);
    if (!cells) {
      rejected.push({ line, reason: m.unclosedQuote });
      continue;
    }
    while (cells.length > layout.columns && cells[cells.length - 1] === '') cells.pop();
    if (cells.length < 2 || (layout.format !== 'generic-csv' && cells.length !== 2)) {
      rejected.push({ line, reason: withParams(m.columnCount, { expected: layout.columns, found: cells.length }) });
      continue;
    }
    let product = layout.product;
    if (layout.codeColumn !== undefined) {
      const code = cells[layout.codeColumn] ?? '';
      product = findProductBySeries(input.products, code);
      if (!product) {
        rejected.push({ line, reason: code ? withParams(m.unknownProductCode, { code: code.slice(0, 40) }) : m.missingProductCode });
        continue;
      }
    }
    const rawDate = cells[layout.dateColumn] ?? '';
    const date = parseObservationDate(rawDate);
    if (!date) {
      rejected.push({ line, reason: withParams(m.notIsoDate, { value: rawDate.slice(0, 40) }) });
      continue;
    }
    const forwardPeriod = layout.forwardColumn !== undefined ? (cells[layout.forwardColumn] ?? '') : '';
    if (forwardPeriod && !FORWARD_PERIOD_PATTERN.test(forwardPeriod)) {
      rejected.push({ line, reason: withParams(m.notForwardPeriod, { value: forwardPeriod.slice(0, 40) }) });
      continue;
    }
    const value = parseObservationValue(cells[layout.valueColumn] ?? '');
    if (value.kind === 'blank') {
      skippedBlank += 1;
      continue;
    }
    if (value.kind === 'error') {
      rejected.push({ line, reason: value.reason });
      continue;
    }
    if (firstLineOfDay) {
      const day = isoEpochDay(date);
      const firstLine = firstLineOfDay[day - FIRST_OBSERVATION_DAY]!;
      if (firstLine !== 0) {
        rejected.push({ line, reason: withParams(m.repeatsDateOfLine, { date, first: firstLine }) });
        continue;
      }
      firstLineOfDay[day - FIRST_OBSERVATION_DAY] = line;
      days![observations.length] = day;
    } else {
      const key = `${product!.code}|${forwardPeriod}|${date}`;
      const firstLine = seen.get(key);
      if (firstLine !== undefined) {
        rejected.push({ line, reason: withParams(m.repeatsDateOfLine, { date, first: firstLine }) });
        continue;
      }
      seen.set(key, line);
    }
    observations.push({ line, productCode: product!.code, date, forwardPeriod, value: value.value });
  }

  if (observations.length === 0) {
    return {
      ok: false,
      format: layout.format,
      reason: rejected.length > 0 ? m.noRowRead : m.noObservation,
      line: rejected[0]?.line ?? null,
      rejected,
    };
  }
  if (layout.format !== 'generic-csv' && observations.length >= FREQUENCY_SAMPLE_MIN) {
    const gap = days ? medianGapOfDays(days.subarray(0, observations.length)) : medianGapDays(observations.map((observation) => observation.date));
    if (gap >= 6) {
      return {
        ok: false,
        format: layout.format,
        reason: withParams(m.notDailyGap, { days: Math.round(gap) }),
        line: null,
        rejected,
      };
    }
  }
  return { ok: true, format: layout.format, observations, rejected, skippedBlank };
}
