import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EiaFixtureRow {
  series: string;
  period: string;
  value: string;
}

export interface EiaTestServer {
  baseUrl: string;
  /** Every request's query, in order. */
  requests: URLSearchParams[];
  /** Status codes to answer instead of data, consumed one per request (e.g. [503, 429]). */
  failNext(...statuses: number[]): void;
  close(): Promise<void>;
}

const DESCRIPTIONS: Record<string, string> = {
  RWTC: 'Cushing, OK WTI Spot Price FOB (Dollars per Barrel)',
  RBRTE: 'Europe Brent Spot Price FOB (Dollars per Barrel)',
};

/**
 * A local stand-in for api.eia.gov/v2 answering `petroleum/pri/spt/data/` in EIA v2's JSON shape
 * (total as a string, values as strings, descriptive columns), with offset/length paging.
 */
export async function startEiaTestServer(rows: EiaFixtureRow[], apiKey: string): Promise<EiaTestServer> {
  const requests: URLSearchParams[] = [];
  const failures: number[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(url.searchParams);
    const failure = failures.shift();
    if (failure) {
      response.writeHead(failure, { 'content-type': 'text/html' }).end('<html>busy</html>');
      return;
    }
    if (url.pathname !== '/v2/petroleum/pri/spt/data/') {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Not found' }));
      return;
    }
    if (url.searchParams.get('api_key') !== apiKey) {
      response.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'API_KEY_INVALID' } }));
      return;
    }
    const series = new Set(url.searchParams.getAll('facets[series][]'));
    const start = url.searchParams.get('start') ?? '0000';
    const end = url.searchParams.get('end') ?? '9999';
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const length = Math.min(Number(url.searchParams.get('length') ?? 5000), 5000);
    const matching = rows
      .filter((row) => series.has(row.series) && row.period >= start && row.period <= end)
      .sort((a, b) => a.period.localeCompare(b.period) || a.series.localeCompare(b.series));
    const data = matching.slice(offset, offset + length).map((row) => ({
      period: row.period,
      duoarea: row.series === 'RWTC' ? 'YCUOK' : 'ZEU',
      'area-name': 'NA',
      product: row.series === 'RWTC' ? 'EPCWTI' : 'EPCBRENT',
      'product-name': row.series === 'RWTC' ? 'WTI Crude Oil' : 'UK Brent Crude Oil',
      process: 'PF4',
      'process-name': 'Spot Price FOB',
      series: row.series,
      'series-description': DESCRIPTIONS[row.series] ?? row.series,
      value: row.value,
      units: '$/BBL',
    }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        response: { total: String(matching.length), dateFormat: 'YYYY-MM-DD', frequency: 'daily', data, description: 'Spot Prices' },
        request: { command: '/v2/petroleum/pri/spt/data/', params: Object.fromEntries(url.searchParams) },
        apiVersion: '2.1.8',
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v2`,
    requests,
    failNext: (...statuses) => failures.push(...statuses),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
