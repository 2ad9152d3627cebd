import { readFileSync } from 'node:fs';
import { createTestContext } from './test/build-test-app';
import { createSignedInUser } from './test/factories';
import { importPriceFile } from './src/modules/prices/price-import.service';

const t = await createTestContext();
const { headers } = await createSignedInUser(t.ctx);
for (const f of ['eia-brent-wti/wti-daily.csv', 'eia-product-spot-2020-2024/DGASNYH.csv', 'eia-brent-wti/brent-weekly.csv', 'eia-product-spot-1986-2019/DHHNGSP.csv']) {
  const t0 = performance.now();
  const r = await importPriceFile(t.ctx, { name: f, text: readFileSync('/work/shared/data/' + f, 'utf8') });
  console.log(f, Math.round(performance.now() - t0), 'ms', JSON.stringify({ ...r, rejected_lines: r.rejected_lines.slice(0, 3) }));
}
let res = await t.app.inject({ url: '/api/prices', headers });
console.log(res.statusCode, res.headers.etag, res.body.slice(0, 900));
res = await t.app.inject({ url: '/api/prices', headers: { ...headers, 'if-none-match': String(res.headers.etag) } });
console.log(res.statusCode, res.body);
res = await t.app.inject({ url: '/api/prices?date=2024-02-30', headers });
console.log(res.statusCode, res.body);
res = await t.app.inject({ url: '/api/prices/history?codes=WTI,GASOLINE_NYH&from=2020-04-15&to=2020-04-24', headers });
console.log(res.statusCode, res.body.slice(0, 1500));
res = await t.app.inject({ url: '/api/prices/summary?date=2020-04-20', headers });
console.log(res.statusCode, res.body);
res = await t.app.inject({ url: '/api/prices/movers?date=2020-04-20', headers });
console.log(res.statusCode, res.body.slice(0, 300));
res = await t.app.inject({ url: '/api/prices/export?date=2020-04-20', headers });
console.log(res.statusCode, res.headers, res.body);
res = await t.app.inject({ url: '/api/prices/products', headers });
console.log(res.statusCode, res.body.slice(0, 600));
res = await t.app.inject({ method: 'POST', url: '/api/dashboards', headers, payload: { name: 'My desk', product_codes: ['WTI', 'BRENT', 'GASOLINE_NYH', 'ULSD_NYH', 'JET_USGC', 'PROPANE_MB'] } });
console.log(res.statusCode, res.body);
res = await t.app.inject({ method: 'POST', url: '/api/dashboards', headers, payload: { name: 'My desk', product_codes: ['WTI', 'BRENT'] } });
console.log(res.statusCode, res.body);
res = await t.app.inject({ url: '/api/prices/history?codes=WTI&from=2000-01-01&to=2020-01-01', headers });
console.log(res.statusCode, res.body);
await t.close();
