import { describe, expect, it } from 'vitest';
import { logSerializers, redactUrl } from './log-serializers';

describe('log serializers', () => {
  it('redacts single-use tokens, keys, passwords and search terms from logged URLs, and keeps the rest', () => {
    expect(logSerializers.req({ method: 'GET', url: '/api/auth/activation?token=secret-token' }).url).toBe('/api/auth/activation?token=[redacted]');
    expect(redactUrl('/api/screening/search?q=Vladimir%20Putin&limit=5')).toBe('/api/screening/search?q=[redacted]&limit=5');
    expect(redactUrl('/api/x?api_key=fd_live_abc&Password=p&CODE=1&page=2&key[]=k')).toBe('/api/x?api_key=[redacted]&Password=[redacted]&CODE=[redacted]&page=2&key[]=[redacted]');
    expect(redactUrl('/api/x?%E0%A4%A=1&a%20b=secret')).toBe('/api/x?[redacted]&[redacted]');
    expect(redactUrl('/api/x?')).toBe('/api/x');
    expect(redactUrl('/api/x')).toBe('/api/x');
  });

  it('redacts the parameters of a failed query', () => {
    const error = new Error('Failed query: insert into users values ($1, $2)\nparams: z@example.com,$argon2id$v=19$secret');
    const out = logSerializers.err(error);
    expect(JSON.stringify(out)).not.toContain('argon2id');
    expect(out.message).toContain('Failed query: insert into users');
  });
});
