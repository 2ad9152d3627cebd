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
import { DatabaseLockedError } from '../db/client';
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
      return `✓ ${result.source}: stored as ${result.versionId} (${counts})`;
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

const usage = `sanctions import PATH… [--force] | sanctions update [--source ${sanctionsSources.join('|')}] | sanctions status`;

/**
 * The embedded database belongs to one process: while the server runs, the CLI cannot open it. Say
 * what to do instead, in words (never the raw lock error).
 */
export function serverIsRunning(action: 'import' | 'update' | 'status', pid: number | null): string {
  const server = pid ? `The FuelDesk server (process ${pid})` : 'A FuelDesk server';
  const lines = [`${server} is running on this embedded database, so this command cannot open it at the same time.`];
  if (action === 'import') {
    lines.push(
      'Load the files through the running server instead: sign in as an admin and use “Load list files” on the Admin page (or on the Screening page’s list panel),',
      'or send them with: curl -H "Authorization: Bearer <admin session token>" -F "files=@sdn.csv" http://<server>/api/screening/lists/import',
    );
  } else if (action === 'update') {
    lines.push('The running server downloads the lists itself every day (SANCTIONS_UPDATE_CRON); its Admin page shows when it last checked and the next run.');
  } else {
    lines.push('The running server shows the loaded lists on its Admin and Screening pages, and at GET /api/screening/lists.');
  }
  lines.push('Or stop the server, run this command again, then start the server.');
  return lines.join('\n');
}

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
    describe: 'Import sanctions list files or folders (OFAC CSV, UN, EU and Canada XML, EU and UK CSV, UK and Australia xlsx), download them from the publishers, or show what is loaded.',
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
      let runtime: Runtime;
      try {
        runtime = await deps.openRuntime();
      } catch (error) {
        if (error instanceof DatabaseLockedError) {
          deps.printError(serverIsRunning(action, error.holder?.pid ?? null));
          return 3;
        }
        throw error;
      }
      try {
        const { ctx } = runtime;
        if (action === 'status') {
          const status = await getScreeningStatus(ctx);
          if (!status.loaded) deps.print('No sanctions list is loaded: run `sanctions import PATH…` or `sanctions update`, or set SANCTIONS_PATHS.');
          for (const list of status.lists) {
            const age = list.ageDays === null ? 'publication date unknown' : `published ${list.publishedAt!.slice(0, 10)} (${list.ageDays} days ago)`;
            deps.print(`${list.source}: ${list.entries} entries, ${list.names} names, ${age}, loaded ${list.loadedAt}, version ${list.versionId}${list.stale ? ' — STALE' : ''}`);
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
