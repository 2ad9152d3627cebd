import pino from 'pino';

/**
 * Log lines must not carry secrets: query strings hold single-use tokens (activation, reset),
 * and a failed database query's message lists its parameters (password hashes, emails).
 */
export const logSerializers = {
  req(request: { method?: string; url?: string; ip?: string; id?: string }) {
    return { method: request.method, url: request.url?.split('?')[0], ip: request.ip, id: request.id };
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
