import { readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import cliProgress from 'cli-progress';
import type { ImportReport } from '@fueldesk/contracts';
import { loadConfig } from '../config';
import { BULK_SHARED_BUFFERS, databaseOptions, openDatabase } from '../db/client';
import { BULK_WASM_TIERING_BUDGET } from '../db/wasm-tiering';
import { syncEiaApi } from '../modules/prices/eia-sync.service';
import { importPriceFiles } from '../modules/prices/price-import.service';
import { createRuntime, type Runtime } from '../runtime';
import type { CliCommand } from './args';

function describeReport(report: ImportReport): string {
  if (report.refused) return `${report.file}: REFUSED, nothing imported. ${report.refusal_reason}`;
  const rejected = report.rejected > 0 ? `, ${report.rejected} rejected` : '';
  const demo = report.demo_removed > 0 ? `, ${report.demo_removed} demo values replaced` : '';
  const suspect = report.suspect > 0 ? `, ${report.suspect} flagged suspect for review` : '';
  return `${report.file}: ${report.inserted} inserted, ${report.updated} updated, ${report.unchanged} unchanged${rejected}${demo}${suspect} (${report.format}: ${report.product_codes.join(', ')})`;
}

const REJECTED_LINES_SHOWN = 20;

/** The configured database, its WebAssembly tuned for a bulk write when it is PGlite. */
export function openImportRuntime(): Promise<Runtime> {
  const config = loadConfig();
  const database = openDatabase({ ...databaseOptions(config), wasmTieringBudget: BULK_WASM_TIERING_BUDGET, sharedBuffers: BULK_SHARED_BUFFERS });
  return createRuntime({ config, database, runWorkers: false, defineJobs: false });
}

/** The database the command writes to: the configured one, or a test's. */
export function createImportPricesCommand(openRuntime: () => Promise<Runtime> = openImportRuntime): CliCommand {
  return {
    name: 'import-prices',
    usage: 'import-prices FILE… [--strict] | import-prices --eia-api [--from DATE] [--to DATE]',
    options: { strict: { type: 'boolean' }, 'eia-api': { type: 'boolean' }, from: { type: 'string' }, to: { type: 'string' } },
    describe: 'Import EIA/FRED/generic CSV price files (one transaction each), or sync from the EIA API v2.',
    async run({ flags, positional }) {
      const viaApi = flags['eia-api'] === true;
      if (!viaApi && positional.length === 0) {
        console.error('import-prices needs at least one file (or --eia-api).');
        return 2;
      }
      // `npm run fueldesk` runs in apps/server; paths are meant from where the user typed them.
      const baseDir = process.env.INIT_CWD ?? process.cwd();
      const files = positional.map((file) => path.resolve(baseDir, file));
      for (const file of files) {
        const info = await stat(file).catch(() => null);
        if (!info?.isFile()) {
          console.error(`${file}: no such file.`);
          return 2;
        }
      }
      const runtime = await openRuntime();
      try {
        if (viaApi) {
          if (!runtime.ctx.config.EIA_API_KEY) {
            console.error('Set EIA_API_KEY to sync from the EIA API.');
            return 2;
          }
          const report = await syncEiaApi(runtime.ctx, {
            from: typeof flags.from === 'string' ? flags.from : undefined,
            to: typeof flags.to === 'string' ? flags.to : undefined,
            actor: { kind: 'cli' },
          });
          console.log(describeReport(report));
          return 0;
        }
        const bar = new cliProgress.SingleBar(
          { format: 'Importing {bar} {value}/{total} files | {file}', hideCursor: true, clearOnComplete: true, stopOnComplete: true },
          cliProgress.Presets.shades_classic,
        );
        bar.start(files.length, 0, { file: path.basename(files[0]!) });
        const { reports, failure } = await importPriceFiles(
          runtime.ctx,
          // Read synchronously: waiting on the thread pool for the first file's asynchronous read gave
          // V8 an idle turn of the event loop, and the main thread then stayed blocked until its
          // compiler threads had tiered up PGlite's WebAssembly (seen in strace). A file is read quickly.
          files.map((file) => ({ name: file, read: async () => readFileSync(file) })),
          {
            strict: flags.strict === true,
            actor: { kind: 'cli' },
            onFileDone: (report) => bar.increment({ file: path.basename(report.file) }),
          },
        ).finally(() => bar.stop());
        for (const report of reports) {
          console.log(describeReport(report));
          for (const rejected of report.rejected_lines.slice(0, REJECTED_LINES_SHOWN)) console.log(`  line ${rejected.line}: ${rejected.reason}`);
          if (report.rejected_lines.length > REJECTED_LINES_SHOWN) console.log(`  … and ${report.rejected_lines.length - REJECTED_LINES_SHOWN} more`);
        }
        const total = reports.reduce((sum, report) => sum + report.inserted + report.updated, 0);
        const refused = reports.filter((report) => report.refused).length;
        console.log(`${reports.length} file(s): ${total} price(s) written, ${refused} file(s) refused.`);
        if (failure) {
          const reason = failure.error instanceof Error ? failure.error.message : String(failure.error);
          console.error(`${failure.file}: FAILED, nothing of it imported (${reason}). The files after it were not imported.`);
          return 1;
        }
        return refused > 0 ? 1 : 0;
      } finally {
        await runtime.close();
      }
    },
  };
}

export const importPricesCommand = createImportPricesCommand();
