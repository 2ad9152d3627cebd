import { eq } from 'drizzle-orm';
import { createTestContext } from './test/build-test-app';
import { createSignedInUser } from './test/factories';
import { sessions, users } from './src/db/schema';
import { verifyAccessToken } from './src/lib/tokens';

const t = await createTestContext();
const { session, accessToken } = await createSignedInUser(t.ctx);
const N = 2000;
const time = async (label: string, fn: () => Promise<unknown>) => { for (let i = 0; i < 200; i++) await fn(); const s = performance.now(); for (let i = 0; i < N; i++) await fn(); console.log(label, ((performance.now() - s) / N * 1000).toFixed(0), 'µs'); };
await time('jwt verify', () => verifyAccessToken(t.ctx.config.JWT_SECRET, accessToken, new Date(), 'access'));
await time('drizzle session join', () => t.ctx.db.select({ r: sessions.revokedAt, u: sessions.userId, a: users.active, role: users.role, s: users.isSuperadmin, e: users.email }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(sessions.id, session.id)).limit(1));
const prepared = t.ctx.db.select({ r: sessions.revokedAt, u: sessions.userId, a: users.active, role: users.role, s: users.isSuperadmin, e: users.email }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(sessions.id, session.id)).limit(1).prepare('q1');
await time('drizzle prepared', () => prepared.execute());
await time('pglite raw query', () => t.ctx.database.pglite!.query('select s.revoked_at, s.user_id, u.active, u.role, u.is_superadmin, u.email from sessions s join users u on u.id = s.user_id where s.id = $1 limit 1', [session.id]));
await time('pglite select 1', () => t.ctx.database.pglite!.query('select 1'));
await time('inject /api/health', () => t.app.inject({ url: '/api/health' }));
await time('inject /api/prices/summary', () => t.app.inject({ url: '/api/prices/summary', headers: { authorization: `Bearer ${accessToken}` } }));
await t.close();
