import { createHmac, createSecretKey, hash, type KeyObject, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, errorMessages, normalizeRole, type Role } from '@fueldesk/contracts';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from './app-error';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  role: Role;
  isSuperadmin: boolean;
}

const keys = new Map<string, KeyObject>();

/** Importing the HMAC key costs more than the verification itself: import it once per secret. */
function signingKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

/** HS256 access token: sub, sid, role, is_superadmin, exp (SPEC.md §3, DECISIONS.md). */
export async function signAccessToken(secret: string, claims: AccessClaims, now: Date, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId, role: claims.role, is_superadmin: claims.isSuperadmin, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(signingKey(secret));
}

interface VerifiedToken {
  claims: AccessClaims;
  typ: string;
  secret: string;
  expiresAtMs: number;
}

const VERIFIED_CACHE_MAX = 20_000;
const verified = new Map<string, VerifiedToken>();

/**
 * Verifies signature, algorithm (HS256 only: `alg: none` is refused) and expiry. A browser sends
 * the same token for 15 minutes: a token verified once is remembered by its exact text (signature
 * included, so a changed token never matches) until it expires, and only the expiry is checked again.
 */
export async function verifyAccessToken(secret: string, token: string, now: Date, typ = 'access'): Promise<AccessClaims> {
  const known = verified.get(token);
  if (known && known.secret === secret && known.typ === typ) {
    if (known.expiresAtMs <= now.getTime()) throw new AppError('TOKEN_EXPIRED', 401, errorMessages.TOKEN_EXPIRED);
    return known.claims;
  }
  return verifyAccessTokenSignature(secret, token, now, typ);
}

async function verifyAccessTokenSignature(secret: string, token: string, now: Date, typ: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, signingKey(secret), {
      algorithms: ['HS256'],
      currentDate: now,
      clockTolerance: 0,
      // A token without an expiry would be valid forever; one without iat was not made here.
      requiredClaims: ['exp', 'iat', 'sub'],
      typ: 'JWT',
    });
    const role = normalizeRole(payload.role);
    if (payload.typ !== typ || typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || !role) {
      throw new AppError('TOKEN_INVALID', 401, errorMessages.TOKEN_INVALID);
    }
    const claims: AccessClaims = { userId: payload.sub, sessionId: payload.sid, role, isSuperadmin: payload.is_superadmin === true };
    if (typeof payload.exp !== 'number' || typeof payload.iat !== 'number' || payload.iat * 1000 > now.getTime() + 60_000) {
      throw new AppError('TOKEN_INVALID', 401, errorMessages.TOKEN_INVALID);
    }
    if (verified.size >= VERIFIED_CACHE_MAX) verified.clear();
    verified.set(token, { claims, typ, secret, expiresAtMs: payload.exp * 1000 });
    return claims;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof joseErrors.JWTExpired) {
      throw new AppError('TOKEN_EXPIRED', 401, errorMessages.TOKEN_EXPIRED);
    }
    throw new AppError('TOKEN_INVALID', 401, errorMessages.TOKEN_INVALID);
  }
}

/** A short-lived token for one purpose only (e.g. the EventSource URL, which cannot carry headers). */
export async function signPurposeToken(secret: string, claims: AccessClaims, purpose: string, now: Date, ttlSeconds: number) {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId, role: claims.role, is_superadmin: claims.isSuperadmin, typ: purpose })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(signingKey(secret));
}

/** Opaque random token (refresh, email links). Only its hash is stored. */
export function generateOpaqueToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * The refresh token that follows `token`: derived with the server's secret, so a second refresh
 * with the same token within the reuse interval can answer the same successor without storing it.
 */
export function successorToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(`refresh:${token}`).digest('base64url');
}

/**
 * SHA-256 in hex. The one-shot `hash` (no Hash object) costs half of createHash().update().digest()
 * and leaves nothing for the collector: an API key's request pays it every time (issue 32).
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
