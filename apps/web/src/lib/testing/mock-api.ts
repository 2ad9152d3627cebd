import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';

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

// One msw server for the test file; `mockApi` starts it and `stopMockApi` (setup.ts, after each
// test) takes its handlers away and gives `fetch` back.
const server = setupServer();
let listening = false;

export function stopMockApi(): void {
  if (!listening) return;
  server.resetHandlers();
  server.close();
  listening = false;
}

/**
 * Answers the app's requests (msw) with handlers keyed by 'METHOD /api/path'. Unknown routes go to
 * `fallback` (a fake API that routes by itself) or answer 404 so that a test notices a call it did
 * not plan for (see `calls`). Returns the recorded calls.
 */
export function mockApi(routes: Record<string, MockHandler>, options: { fallback?: MockHandler } = {}) {
  const calls: MockRequest[] = [];
  const handler: HttpHandler = http.all('*', async ({ request }) => {
    const url = new URL(request.url);
    const text = await request.text();
    const call: MockRequest = {
      method: request.method.toUpperCase(),
      path: url.pathname,
      url,
      // A JSON body parsed; anything else (a multipart upload) as its text.
      body: text ? ((request.headers.get('content-type') ?? '').includes('multipart/') ? text : (JSON.parse(text) as unknown)) : undefined,
      headers: request.headers,
    };
    calls.push(call);
    const route = routes[`${call.method} ${url.pathname}`] ?? options.fallback;
    if (!route) return jsonResponse(404, { detail: 'not mocked', code: 'ROUTE_NOT_FOUND' });
    let reply: Awaited<MockReply>;
    try {
      reply = await route(call);
    } catch {
      // A handler that rejects stands for a network failure: fetch itself rejects.
      return HttpResponse.error();
    }
    if (reply instanceof Response) return reply;
    return jsonResponse(reply.status ?? 200, reply.body);
  });
  if (!listening) {
    server.listen({ onUnhandledRequest: 'error' });
    listening = true;
  }
  server.resetHandlers(handler);
  return { calls, callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key) };
}
