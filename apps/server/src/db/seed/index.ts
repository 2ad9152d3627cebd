import type { AppContext } from '../../context';
import { demoAccountsSeeder } from '../../modules/auth/demo-accounts.seed';
import { releasesSeeder } from '../../modules/releases/releases.seed';
import { newsSeeder } from '../../modules/news/news.seed';
import { demoPricesSeeder } from '../../modules/prices/prices.seed';

export interface Seeder {
  name: string;
  /** Runs at start in embedded mode (or when DEMO_DATA=true); must be idempotent. */
  run(ctx: AppContext): Promise<void>;
}

const seeders: Seeder[] = [demoAccountsSeeder, releasesSeeder, demoPricesSeeder, newsSeeder];

/** Demo data loads on a fresh embedded install only, never on a real PostgreSQL unless asked. */
export function shouldLoadDemoData(ctx: AppContext): boolean {
  return ctx.config.DEMO_DATA ?? (ctx.config.embedded && ctx.config.NODE_ENV === 'development');
}

export async function runStartupSeeds(ctx: AppContext, force = false) {
  if (!force && !shouldLoadDemoData(ctx)) return;
  // Two API processes and a worker start together: one seeds, the others then find the rows there.
  await ctx.database.exclusive('fueldesk.seeds', async () => {
    for (const seeder of seeders) {
      await seeder.run(ctx);
    }
  });
}
