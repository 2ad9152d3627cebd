import { describe, expect, it, vi } from 'vitest';
import { useTestContext } from '../../../test/test-context';
import { pricePoints } from '../../db/schema';
import type { PricePointsOrigin } from './prices.repository';

// Which statement the import chose for each write: the repository's own function, recorded.
const plainInsert: Array<boolean | undefined> = [];
vi.mock('./prices.repository', async (original) => {
  const actual = await original<typeof import('./prices.repository')>();
  return {
    ...actual,
    upsertPricePoints: (...args: Parameters<typeof actual.upsertPricePoints>) => {
      plainInsert.push((args[2] as PricePointsOrigin).productsHaveNoPoints);
      return actual.upsertPricePoints(...args);
    },
  };
});

const { importPriceFile } = await import('./price-import.service');

const t = useTestContext();

describe('the statement an import writes with', () => {
  it('is a plain insert while its products have no stored point, and the upsert once they have', async () => {
    await t.ctx.db.delete(pricePoints);
    plainInsert.length = 0;
    const first = ['Date,Price', '2024-01-02,70.5', '2024-01-03,71.25'].join('\n');
    expect(await importPriceFile(t.ctx, { name: 'RWTC.csv', text: first })).toMatchObject({ inserted: 2, updated: 0, unchanged: 0 });
    const next = ['Date,Price', '2024-01-03,71.5', '2024-01-04,72'].join('\n');
    expect(await importPriceFile(t.ctx, { name: 'RWTC.csv', text: next })).toMatchObject({ inserted: 1, updated: 1, unchanged: 0 });
    // Brent has no point yet: its first file is a plain insert again.
    expect(await importPriceFile(t.ctx, { name: 'RBRTE.csv', text: first })).toMatchObject({ inserted: 2 });
    expect(plainInsert).toEqual([true, false, true]);
  });
});
