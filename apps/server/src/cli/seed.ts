import { runStartupSeeds } from '../db/seed';
import { createRuntime } from '../runtime';
import type { CliCommand } from './args';

export const seedDemoCommand: CliCommand = {
  name: 'seed-demo',
  usage: 'seed-demo',
  describe: 'Load the labelled demo data set (accounts, prices, news) into the configured database.',
  async run() {
    const runtime = await createRuntime({ runWorkers: false, defineJobs: false });
    try {
      await runStartupSeeds(runtime.ctx, true);
      console.log('Demo data loaded.');
      return 0;
    } finally {
      await runtime.close();
    }
  },
};
