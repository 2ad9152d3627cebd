import { normalizeDecimal } from './decimal';
import { parseObservationDate } from './observations';

/** EIA API v2 answers at most this many rows per request. */
export const EIA_PAGE_SIZE = 5_000;
export const EIA_SPOT_ROUTE = 'petroleum/pri/spt';

export interface EiaSpotRow {
  series: string;
  date: string;
  value: string;
}

export interface EiaApiOptions {
  baseUrl: string;
  apiKey: string;
  /** Attempts per page on a network error, 429 or 5xx (first try included). */
  maxAttempts?: number;
  /** First wait between attempts; doubles each time. */
  retryDelayMs?: number;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export interface FetchSpotPricesInput {
  series: readonly string[];
  /** YYYY-MM-DD, inclusive. */
  start?: string;
  end?: string;
}

export class EiaApiError extends Error {
  constructor(
    message: string,
    public readonly status: number | null,
    /** No answer at all (network, DNS, timeout), as opposed to an answer that was refused or unreadable. */
    public readonly unreachable = false,
  ) {
    super(message);
    this.name = 'EiaApiError';
  }
}

interface EiaPage {
  total: number;
  rows: EiaSpotRow[];
  skipped: number;
}

function isRetryable(status: number): boolean {
  return status === 429 || status >= 500;
}

function readPage(payload: unknown): EiaPage {
  const body = payload as { response?: { total?: unknown; data?: unknown }; error?: unknown };
  if (body?.error) throw new EiaApiError(`EIA API error: ${String(body.error).slice(0, 200)}`, null);
  const response = body?.response;
  if (!response || !Array.isArray(response.data)) throw new EiaApiError('EIA API answer has no response.data', null);
  const total = Number(response.total ?? response.data.length);
  const rows: EiaSpotRow[] = [];
  let skipped = 0;
  for (const item of response.data as Array<Record<string, unknown>>) {
    const date = typeof item.period === 'string' ? parseObservationDate(item.period) : null;
    const raw = item.value;
    const value = typeof raw === 'number' || typeof raw === 'string' ? normalizeDecimal(String(raw)) : null;
    if (!date || value === null || typeof item.series !== 'string') {
      skipped += 1;
      continue;
    }
    rows.push({ series: item.series, date, value });
  }
  return { total: Number.isFinite(total) ? total : rows.length, rows, skipped };
}

/** The request URL without the key, for logs and errors. */
function describeUrl(url: URL): string {
  const copy = new URL(url);
  copy.searchParams.delete('api_key');
  return copy.toString();
}

/**
 * Client of the EIA API v2 `petroleum/pri/spt` route: daily spot prices of the given series,
 * paged 5,000 rows at a time, retried with backoff on network errors, 429 and 5xx.
 */
export function createEiaApiClient(options: EiaApiOptions) {
  const fetchImpl = options.fetchImpl ?? fetch;
  const maxAttempts = options.maxAttempts ?? 4;
  const retryDelayMs = options.retryDelayMs ?? 1_000;
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function fetchPage(input: FetchSpotPricesInput, offset: number): Promise<EiaPage> {
    const url = new URL(`${options.baseUrl.replace(/\/+$/, '')}/${EIA_SPOT_ROUTE}/data/`);
    url.searchParams.set('api_key', options.apiKey);
    url.searchParams.set('frequency', 'daily');
    url.searchParams.append('data[0]', 'value');
    for (const series of input.series) url.searchParams.append('facets[series][]', series);
    if (input.start) url.searchParams.set('start', input.start);
    if (input.end) url.searchParams.set('end', input.end);
    url.searchParams.set('sort[0][column]', 'period');
    url.searchParams.set('sort[0][direction]', 'asc');
    url.searchParams.set('offset', String(offset));
    url.searchParams.set('length', String(EIA_PAGE_SIZE));

    let lastError: EiaApiError | null = null;
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** (attempt - 2)));
      let response: Response;
      try {
        response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
      } catch (error) {
        lastError = new EiaApiError(`EIA API unreachable (${describeUrl(url)}): ${(error as Error).message}`, null, true);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        lastError = new EiaApiError(`EIA API answered ${response.status} for ${describeUrl(url)}`, response.status);
        if (isRetryable(response.status)) continue;
        throw lastError;
      }
      let payload: unknown;
      try {
        payload = await response.json();
      } catch {
        lastError = new EiaApiError(`EIA API sent a body that is not JSON (${describeUrl(url)})`, response.status);
        continue;
      }
      return readPage(payload);
    }
    throw lastError ?? new EiaApiError('EIA API request failed', null);
  }

  return {
    /** Every daily observation of the series between start and end, oldest first. */
    async fetchSpotPrices(input: FetchSpotPricesInput): Promise<{ rows: EiaSpotRow[]; skipped: number; pages: number }> {
      if (input.series.length === 0) return { rows: [], skipped: 0, pages: 0 };
      const rows: EiaSpotRow[] = [];
      let skipped = 0;
      let pages = 0;
      for (let offset = 0; ; offset += EIA_PAGE_SIZE) {
        const page = await fetchPage(input, offset);
        pages += 1;
        rows.push(...page.rows);
        skipped += page.skipped;
        const received = page.rows.length + page.skipped;
        if (received < EIA_PAGE_SIZE || offset + received >= page.total) break;
      }
      return { rows, skipped, pages };
    },
  };
}

export type EiaApiClient = ReturnType<typeof createEiaApiClient>;
