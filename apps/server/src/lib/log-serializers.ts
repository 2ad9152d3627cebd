import pino from 'pino';

/**
 * Query parameters whose values are secrets or personal data: single-use tokens, keys and
 * passwords, and search terms (a screened name is a person's name). Their values are replaced.
 */
const SECRET_PARAMS = new Set([
  'token', 'access_token', 'refresh_token', 'id_token', 'public_token', 'link_token',
  'key', 'api_key', 'apikey', 'secret', 'client_secret', 'password', 'passwd', 'pwd',
  'code', 'signature', 'sig', 'auth', 'authorization', 'session', 'jwt',
  'q', 'query', 'search', 'term', 'name', 'email', 'to',
]);
export const REDACTED = '[redacted]';

/** A request URL fit for the log: the path, and the query with the values of secret or personal parameters replaced. */
export function redactUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const query = url.slice(mark + 1);
  if (query === '') return url.slice(0, mark);
  const parts = query.split('&').map((pair) => {
    const equals = pair.indexOf('=');
    const rawName = equals === -1 ? pair : pair.slice(0, equals);
    let name: string;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      return REDACTED;
    }
    if (equals === -1) return rawName;
    // Names too: anything unusual (or over-long) in a name is dropped with its value.
    if (!/^[A-Za-z0-9_.[\]-]{1,40}$/.test(name)) return REDACTED;
    return SECRET_PARAMS.has(name.toLowerCase().replace(/\[\]$/, '')) ? `${rawName}=${REDACTED}` : pair;
  });
  return `${url.slice(0, mark)}?${parts.join('&')}`;
}

/**
 * Log lines must not carry secrets: query strings hold single-use tokens (activation, reset),
 * and a failed database query's message lists its parameters (password hashes, emails).
 */
export const logSerializers = {
  req(request: { method?: string; url?: string; ip?: string; id?: string }) {
    return { method: request.method, url: redactUrl(request.url), ip: request.ip, id: request.id };
  },
  res(reply: { statusCode?: number }) {
    return { statusCode: reply.statusCode };
  },
  err(error: Error) {
    const serialized = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
    const strip = (text: unknown) => (typeof text === 'string' ? text.replace(/\nparams:[\s\S]*$/m, '\nparams: [redacted]') : text);
    serialized.message = strip(serialized.message);
    serialized.stack = typeof serialized.stack === 'string' ? serialized.stack.replace(/\nparams:[^\n]*/g, '\nparams: [redacted]') : serialized.stack;
    return serialized;
  },
};
