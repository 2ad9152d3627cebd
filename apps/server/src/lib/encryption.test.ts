import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from './encryption';

describe('encryptSecret', () => {
  const key = randomBytes(32);

  it('round-trips and never stores the plaintext', () => {
    const stored = encryptSecret(key, 'access-sandbox-secret', 'ctx');
    expect(stored).not.toContain('access-sandbox-secret');
    expect(stored).not.toBe(encryptSecret(key, 'access-sandbox-secret', 'ctx'));
    expect(decryptSecret(key, stored, 'ctx')).toBe('access-sandbox-secret');
  });

  it('fails with another key, another context or a changed byte', () => {
    const stored = encryptSecret(key, 'token', 'row-1');
    expect(() => decryptSecret(randomBytes(32), stored, 'row-1')).toThrow();
    expect(() => decryptSecret(key, stored, 'row-2')).toThrow();
    const parts = stored.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(() => decryptSecret(key, [parts[0], parts[1], parts[2], body.toString('base64url')].join('.'), 'row-1')).toThrow();
  });
});
