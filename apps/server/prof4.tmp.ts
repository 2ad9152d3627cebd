import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { jwtVerify } from 'jose';
import { signAccessToken, verifyAccessToken } from './src/lib/tokens';
const secret = 'test-secret-test-secret-test-secret-0123456789';
const token = await signAccessToken(secret, { userId: 'u', sessionId: 's', role: 'user', isSuperadmin: false }, new Date());
const N = 5000;
const time = async (label: string, fn: () => Promise<unknown> | unknown, conc = 1) => { for (let i = 0; i < 300; i++) await fn(); const s = performance.now(); for (let i = 0; i < N / conc; i++) await Promise.all(Array.from({ length: conc }, fn)); console.log(label, 'conc', conc, ((performance.now() - s) / N * 1000).toFixed(1), 'µs/op'); };
const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
const keyObject = createSecretKey(Buffer.from(secret));
for (const conc of [1, 20]) {
  await time('jose Uint8Array   ', () => verifyAccessToken(secret, token, new Date()), conc);
  await time('jose CryptoKey    ', () => jwtVerify(token, key, { algorithms: ['HS256'] }), conc);
  await time('jose KeyObject    ', () => jwtVerify(token, keyObject, { algorithms: ['HS256'] }), conc);
  await time('node createHmac   ', () => { const [h, p, sig] = token.split('.'); const mac = createHmac('sha256', secret).update(`${h}.${p}`).digest(); return timingSafeEqual(mac, Buffer.from(sig!, 'base64url')) && JSON.parse(Buffer.from(p!, 'base64url').toString()); }, conc);
}
