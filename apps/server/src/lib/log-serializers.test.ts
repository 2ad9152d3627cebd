import { describe, expect, it } from 'vitest';
import { logSerializers } from './log-serializers';

describe('log serializers', () => {
  it('drops query strings, which carry single-use tokens', () => {
    expect(logSerializers.req({ method: 'GET', url: '/api/auth/activation?token=secret-token' }).url).toBe('/api/auth/activation');
  });

  it('redacts the parameters of a failed query', () => {
    const error = new Error('Failed query: insert into users values ($1, $2)\nparams: z@example.com,$argon2id$v=19$secret');
    const out = logSerializers.err(error);
    expect(JSON.stringify(out)).not.toContain('argon2id');
    expect(out.message).toContain('Failed query: insert into users');
  });
});
