import path from 'node:path';
import cliProgress from 'cli-progress';
import { sanctionsSources, type SanctionsSource } from '@fueldesk/contracts';
import {
  importSanctionsPaths,
  SanctionsImportError,
  updateSanctionsFromPublishers,
  type ListImportResult,
  type SourceUpdateResult,
} from '../modules/screening/screening-import.service';
import { getScreeningStatus } from '../modules/screening/screening.service';
import { createRuntime, type Runtime } from '../runtime';
import type { CliCommand } from './args';

export interface SanctionsCommandDeps {
  openRuntime: () => Promise<Runtime>;
  print: (line: string) => void;
  printError: (line: string) => void;
  /** Draw a progress bar (a terminal). */
  progress: boolean;
}

function describeImport(result: ListImportResult): string {
  const counts = `${result.entries} entries, ${result.names} names${result.publishedAt ? `, published ${result.publishedAt.slice(0, 10)}` : ''}`;
  switch (result.status) {
    case 'stored':
      return `✓ ${result.source}: stored (${counts})`;
    case 'unchanged':
      return `= ${result.source}: the same list is already stored (${counts})`;
    case 'older':
      return `= ${result.source}: not imported, ${result.reason} Use --force to import it anyway.`;
    case 'refused':
      return `✗ ${result.source}: REFUSED, the stored list stays in use. ${result.reason ?? ''}`;
  }
}

function describeUpdate(result: SourceUpdateResult): string {
  const kept = result.hadStoredList ? 'the stored list stays in use.' : 'no list of this source is loaded yet.';
  switch (result.status) {
    case 'stored':
      return `✓ ${result.source}: new list stored (${result.entries} entries)`;
    case 'unchanged':
      return `= ${result.source}: downloaded, same as the stored list`;
    case 'not_modified':
      return `= ${result.source}: not modified since the last download`;
    case 'refused':
      return `✗ ${result.source}: download REFUSED, ${kept} ${result.error ?? ''}`;
    case 'failed':
      return `✗ ${result.source}: download failed, ${kept} ${result.error ?? ''}`;
  }
}

const usage = 'sanctions import PATH… [--force] | sanctions update [--source ofac_sdn|ofac_consolidated|un] | sanctions status';

export function createSanctionsCommand(overrides: Partial<SanctionsCommandDeps> = {}): CliCommand {
  const deps: SanctionsCommandDeps = {
    openRuntime: () => createRuntime({ runWorkers: false, defineJobs: false }),
    print: (line) => console.log(line),
    printError: (line) => console.error(line),
    progress: Boolean(process.stdout.isTTY),
    ...overrides,
  };
  return {
    name: 'sanctions',
    usage,
    describe: 'Import sanctions list files or folders (OFAC SDN / consolidated CSV, UN XML), download them from the publishers, or show what is loaded.',
    options: { source: { type: 'string' }, force: { type: 'boolean' } },
    async run({ flags, positional }) {
      const [action, ...paths] = positional;
      if (action !== 'import' && action !== 'update' && action !== 'status') {
        deps.printError(`Usage: ${usage}`);
        return 2;
      }
      if (action === 'import' && paths.length === 0) {
        deps.printError('sanctions import needs at least one file or folder.');
        return 2;
      }
      let only: SanctionsSource[] | undefined;
      if (action === 'update' && flags.source !== undefined) {
        const wanted = String(flags.source);
        if (!(sanctionsSources as readonly string[]).includes(wanted)) {
          deps.printError(`--source must be one of ${sanctionsSources.join(', ')}.`);
          return 2;
        }
        only = [wanted as SanctionsSource];
      }
      const runtime = await deps.openRuntime();
      try {
        const { ctx } = runtime;
        if (action === 'status') {
          const status = await getScreeningStatus(ctx);
          if (!status.loaded) deps.print('No sanctions list is loaded: run `sanctions import PATH…` or `sanctions update`, or set SANCTIONS_PATHS.');
          for (const list of status.lists) {
            deps.print(`${list.source}: ${list.entries} entries, ${list.names} names, published ${list.publishedAt ?? 'unknown'}, loaded ${list.loadedAt}`);
          }
          return 0;
        }
        if (action === 'update') {
          const results = await updateSanctionsFromPublishers(ctx, only);
          for (const result of results) deps.print(describeUpdate(result));
          return results.some((result) => result.status === 'failed' || result.status === 'refused') ? 1 : 0;
        }
        // `npm run fueldesk` runs in apps/server; paths are meant from where the user typed them.
        const baseDir = process.env.INIT_CWD ?? process.cwd();
        const bar = deps.progress
          ? new cliProgress.SingleBar(
              { format: 'Reading {bar} {value}/{total} files | {file}', hideCursor: true, clearOnComplete: true, stopOnComplete: true },
              cliProgress.Presets.shades_classic,
            )
          : null;
        let results: ListImportResult[];
        try {
          results = await importSanctionsPaths(
            ctx,
            paths.map((entry) => path.resolve(baseDir, entry)),
            {
              onlyNewer: flags.force !== true,
              onFile: (file, done, total) => {
                if (!bar) return;
                if (done === 0) bar.start(total, 0, { file: '' });
                bar.update(done, { file: file ? path.basename(file) : 'parsing and storing…' });
              },
            },
          );
        } catch (error) {
          bar?.stop();
          if (error instanceof SanctionsImportError) {
            deps.printError(error.message);
            return 2;
          }
          throw error;
        }
        bar?.stop();
        for (const result of results) deps.print(describeImport(result));
        return results.some((result) => result.status === 'refused') ? 1 : 0;
      } finally {
        await runtime.close();
      }
    },
  };
}

export const sanctionsCommand = createSanctionsCommand();
