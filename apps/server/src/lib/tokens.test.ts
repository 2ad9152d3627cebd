import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { signAccessToken, verifyAccessToken } from './tokens';

const secret = 'token-test-secret-token-test-secret-0123456789';
const claims = { userId: 'u1', sessionId: 's1', role: 'user' as const, isSuperadmin: false };

describe('access tokens', () => {
  it('still refuses a remembered token once it has expired', async () => {
    const issued = new Date('2026-01-01T00:00:00Z');
    const token = await signAccessToken(secret, claims, issued, 60);
    expect(await verifyAccessToken(secret, token, issued)).toEqual(claims);
    await expect(verifyAccessToken(secret, token, new Date(issued.getTime() + 60_000))).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('refuses a remembered token under another secret or for another purpose', async () => {
    const now = new Date();
    const token = await signAccessToken(secret, claims, now);
    await verifyAccessToken(secret, token, now);
    await expect(verifyAccessToken(`${secret}-rotated`, token, now)).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
    await expect(verifyAccessToken(secret, token, now, 'events')).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
  });

  it('refuses a token whose payload was changed after a valid one was remembered', async () => {
    const now = new Date();
    const token = await signAccessToken(secret, claims, now);
    await verifyAccessToken(secret, token, now);
    const [header, payload, signature] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    forged.role = 'admin';
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    await expect(verifyAccessToken(secret, tampered, now)).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
  });

  it('refuses a correctly signed token without exp or without iat', async () => {
    const now = new Date();
    const key = new TextEncoder().encode(secret);
    const base = () => new SignJWT({ sid: 's1', role: 'user', is_superadmin: false, typ: 'access' }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject('u1');
    const noExp = await base().setIssuedAt(Math.floor(now.getTime() / 1000)).sign(key);
    const noIat = await base().setExpirationTime(Math.floor(now.getTime() / 1000) + 600).sign(key);
    await expect(verifyAccessToken(secret, noExp, now)).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
    await expect(verifyAccessToken(secret, noIat, now)).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
  });
});
