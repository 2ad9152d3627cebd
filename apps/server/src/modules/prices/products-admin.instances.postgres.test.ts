import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { createRuntime } from '../../runtime';
import { createScratchDatabase } from '../../../test/build-test-app';
import { SYSTEM_ACTOR } from '../audit/audit.service';
import { listProducts } from './prices.service';
import { createProduct, setProductRetired } from './products-admin.service';

/**
 * Two server instances on one PostgreSQL database: a product added or retired through one is seen
 * by the other at once, although the other had cached the product list just before (the change
 * travels as `prices_updated` over LISTEN/NOTIFY and clears every instance's price cache).
 */
describe('a product change on one instance, read on another', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let a: Awaited<ReturnType<typeof createRuntime>>;
  let b: Awaited<ReturnType<typeof createRuntime>>;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: scratch.url,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      PUBLIC_URL: 'http://localhost:3000',
    });
    a = await createRuntime({ config, runWorkers: false });
    b = await createRuntime({ config, runWorkers: false });
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await scratch?.drop();
  });

  const codesOn = async (runtime: typeof a) => (await listProducts(runtime.ctx)).products.map((product) => product.code);

  it('adds and retires a product through A; B lists it and drops it without waiting for its cache to expire', async () => {
    expect(await codesOn(b)).not.toContain('KERO_NYH');
    await createProduct(
      a.ctx,
      { code: 'KERO_NYH', kind: 'spot', name: 'NY Harbor kerosene', name_es: 'Queroseno, Puerto de Nueva York', description: '', category: 'jet-fuel', unit: 'gal', currency: 'USD', delivery_mode: 'Spot', location: 'New York Harbor', decimal_places: 3, eia_series_id: 'X_KERO_NYH', futures_series_ids: [] },
      SYSTEM_ACTOR,
    );
    await vi.waitFor(async () => expect(await codesOn(b)).toContain('KERO_NYH'), { timeout: 10_000, interval: 50 });
    await setProductRetired(a.ctx, 'KERO_NYH', true, SYSTEM_ACTOR);
    await vi.waitFor(async () => expect(await codesOn(b)).not.toContain('KERO_NYH'), { timeout: 10_000, interval: 50 });
  });
});
