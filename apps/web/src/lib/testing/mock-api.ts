import { vi } from 'vitest';

/** What a fake endpoint receives: the parsed JSON body (if any), the headers and the URL. */
export interface MockRequest {
  method: string;
  path: string;
  url: URL;
  body: unknown;
  headers: Headers;
}

export type MockReply = Response | { status?: number; body?: unknown } | Promise<Response | { status?: number; body?: unknown }>;
export type MockHandler = (request: MockRequest) => MockReply;

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Stubs `fetch` with handlers keyed by 'METHOD /api/path'. Unknown routes answer 404 so that a test
 * notices a call it did not plan for (see `calls`). Returns the recorded calls.
 */
export function mockApi(routes: Record<string, MockHandler>) {
  const calls: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const text = typeof init?.body === 'string' ? init.body : null;
    const request: MockRequest = {
      method,
      path: url.pathname,
      url,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      headers: new Headers(init?.headers),
    };
    calls.push(request);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return jsonResponse(404, { detail: 'not mocked', code: 'ROUTE_NOT_FOUND' });
    const reply = await handler(request);
    if (reply instanceof Response) return reply;
    return jsonResponse(reply.status ?? 200, reply.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key) };
}
