import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { listPricesQuerySchema, listPricesResponseSchema } from '@fueldesk/contracts';
import { buildApp } from './src/app';
import { loadConfig } from './src/config';
import { createRuntime } from './src/runtime';
import { createSignedInUser } from './test/factories';
import { importPriceFile } from './src/modules/prices/price-import.service';
import { listPrices, listPricesJson } from './src/modules/prices/prices.service';
import { verifyAccessToken } from './src/lib/tokens';
import { seedDemoPrices } from './src/modules/prices/price-import.service';

const config = loadConfig({ ...process.env, DATABASE_URL: process.env.DATABASE_URL || 'memory://', LOG_LEVEL: 'silent', NODE_ENV: 'test' });
const runtime = await createRuntime({ config, runWorkers: false });
await seedDemoPrices(runtime.ctx);
const app = await buildApp(runtime.ctx);
// Experiment only: the same handler on a public route, to see what the auth hook costs.
await app.register(async (scratch) => {
  const typed = scratch.withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>();
  typed.get('/api/scratch-jwt-prices', { config: { auth: 'public' }, preHandler: async (request) => { await verifyAccessToken(runtime.ctx.config.JWT_SECRET, String(request.headers.authorization).slice(7), new Date(), 'access'); }, schema: { querystring: listPricesQuerySchema } }, async (request, reply) => reply.type('application/json').send((await listPricesJson(runtime.ctx, request.query)).json as never));
  typed.get('/api/scratch-prices', { config: { auth: 'public' }, schema: { querystring: listPricesQuerySchema, response: { 200: listPricesResponseSchema } } }, async (request) => (await listPrices(runtime.ctx, request.query)).body);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
const { headers } = await createSignedInUser(runtime.ctx);
const m = async (path: string, h = {}) => { const r = await autocannon({ url: base + path, duration: 6, connections: 20, headers: h }); return `${path.padEnd(20)} ${r.requests.average.toFixed(0)} rps p99 ${r.latency.p99} non2xx ${r.non2xx}`; };
await m('/health');
console.log(await m('/health'));
console.log(await m('/scratch-prices'));
console.log(await m('/scratch-jwt-prices', headers));
console.log(await m('/prices', headers));
console.log(await m('/prices/products', headers));
console.log(await m('/health'));
await app.close(); await runtime.close();
