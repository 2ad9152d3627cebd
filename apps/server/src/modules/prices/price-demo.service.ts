import type { AppContext } from '../../context';
import { generateDemoHistory } from '../../integrations/market-data/demo-history';
import { loadProductsByCode, storeObservations } from './price-import.service';
import { hasPricePoints } from './prices.repository';

/** On an install without any price, stores the generated demo history (source `demo`). */
export async function seedDemoPrices(ctx: AppContext): Promise<{ inserted: number }> {
  if (await hasPricePoints(ctx.db)) return { inserted: 0 };
  const products = await loadProductsByCode(ctx);
  const observations = generateDemoHistory({
    products: [...products.values()].filter((product) => product.active).map((product) => ({ code: product.code, decimalPlaces: product.decimalPlaces })),
    end: ctx.now(),
  });
  const report = await storeObservations(ctx, products, {
    file: 'demo',
    format: 'demo',
    source: 'demo',
    observations,
    rejected: [],
    skippedBlank: 0,
    importedBy: null,
  });
  return { inserted: report.inserted };
}
