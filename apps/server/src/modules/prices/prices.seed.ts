import type { Seeder } from '../../db/seed';
import { seedDemoPrices } from './price-demo.service';

/** A fresh install with no price at all gets the labelled demo history. */
export const demoPricesSeeder: Seeder = {
  name: 'demo-prices',
  async run(ctx) {
    const { inserted } = await seedDemoPrices(ctx);
    if (inserted > 0) ctx.log.info({ inserted }, 'demo price history generated (source demo)');
  },
};
