import v8 from 'node:v8';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { sanctionsListName } from '@fueldesk/contracts';
import { buildApp } from './app';
import { findLatestVersions } from './modules/screening/screening.repository';
import { importConfiguredSanctionsPaths } from './modules/screening/screening-import.service';
import { warmScreeningIndex } from './modules/screening/screening.service';
import { runStartupSeeds, shouldLoadDemoData } from './db/seed';
import { buildStartupBanner, describeDatabase, resolveLogFormat } from './lib/log-output';
import { demoAccounts } from './modules/auth/demo-accounts.seed';
import { isOutboxAvailable } from './modules/dev/dev.service';
import { createRuntime } from './runtime';
import { codeCacheState, saveCodeCache } from './lib/code-cache';

/**
 * Everything after the configuration: the runtime on the database main.ts is opening, the start-up
 * seeds, the job queue, then the HTTP server (or the worker), and a graceful shutdown on SIGTERM/SIGINT.
 */
/**
 * `npm start` (scripts/start.mjs) holds some of a fresh build's work back until the server answers
 * (compressing the web app's files): it sets FUELDESK_NOTIFY_LISTENING and opens an IPC channel, told
 * here once the server listens, then closed. Any other parent's channel is left alone.
 */
function tellStartScriptListening() {
  if (process.env.FUELDESK_NOTIFY_LISTENING !== '1' || !process.send) return;
  process.send('fueldesk:listening', () => process.disconnect());
}

export async function startServer(config: Config, database: Promise<DatabaseHandle>) {
  const runtime = await createRuntime({ config, database });
  const { ctx } = runtime;
  let app: FastifyInstance | null = null;
  // The signals are handled from here on, not only once the server has started: a SIGTERM or SIGINT
  // that came during the seeds, or between listening and the workers' start (when bench/run-all.mjs
  // and bench/prices/import-cli.mjs stop a server, at its first answer), ended the process at once,
  // without closing the database. PGlite's directory was then left "in production", and the next
  // process to open it (the next start, `fueldesk import-prices`) first replayed the WAL written since
  // the last checkpoint: a fresh install's whole demo history, ~0.25 s of CPU. A signal during the
  // start now waits for the start's step that runs, skips the rest, and closes as usual.
  let starting: Promise<unknown> = Promise.resolve();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    ctx.log.info({ signal }, 'shutting down: finishing in-flight requests and jobs');
    const force = setTimeout(() => {
      ctx.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 30_000);
    force.unref();
    try {
      await starting.catch(() => {});
      await app?.close();
      await runtime.close();
      process.exit(0);
    } catch (error) {
      ctx.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  /** Runs one step of the start unless a signal came: shutdown waits for the step that runs. */
  const step = <T>(run: () => Promise<T>): Promise<T | undefined> => {
    if (closing) return Promise.resolve(undefined);
    const running = run();
    starting = running;
    return running;
  };

  await step(() => runStartupSeeds(ctx));

  app = config.PROCESS_ROLE === 'worker' ? null : ((await step(() => buildApp(ctx, { loggerInstance: ctx.log }))) ?? null);
  if (closing) return;
  if (app) {
    const server = app;
    const address = await step(() => server.listen({ port: config.PORT, host: config.HOST }));
    if (address === undefined) return;
    // The compiled server's code cache, when it has none yet for this build (lib/code-cache.ts): the functions
    // a start compiles up to here, written before the first request is answered (this runs in the same turn
    // as listen's callback). A start stopped at its first answer wrote none when it came later: every
    // restart of `node bench/run-all.mjs` compiled the server from its source.
    saveCodeCache();
    tellStartScriptListening();
    // The job queue starts once requests are served: loading pg-boss and starting it took a share of a
    // restart on PGlite, whose queries run on this thread. A job sent before it is ready waits for it
    // (jobs/queue.ts); a failure still stops the server.
    await step(() => ctx.jobs.startQueue());
    if (closing) return;
    ctx.log.info(
      { startup_ms: Math.round(performance.now()), code_cache: codeCacheState() },
      `FuelDesk is listening on ${address}, public URL ${config.PUBLIC_URL} (${ctx.database.kind}, role ${config.PROCESS_ROLE})`,
    );
    // Workers and schedules start once requests are served; a job sent meanwhile waits in its queue.
    await step(() => ctx.jobs.startWorkers());
    if (closing) return;
    favourMemoryFromNowOn();
    // SANCTIONS_PATHS newer than the stored lists, then the screening index, without delaying the first requests.
    void importConfiguredSanctionsPaths(ctx).then(() => warmScreeningIndex(ctx));
    if (resolveLogFormat(config.LOG_FORMAT, Boolean(process.stdout.isTTY)) === 'pretty') {
      process.stdout.write(
        buildStartupBanner({
          address,
          publicUrl: config.PUBLIC_URL.replace(/\/$/, ''),
          database: describeDatabase(ctx.database.kind, config.DATABASE_URL, config.DATA_DIR),
          demoAccounts: shouldLoadDemoData(ctx) ? demoAccounts : null,
          outboxUrl: isOutboxAvailable(ctx) ? `${config.PUBLIC_URL.replace(/\/$/, '')}/api/dev/outbox` : null,
          sanctionsLists: (await findLatestVersions(ctx.db)).map((version) => ({ name: sanctionsListName(version.source), entries: version.entries })),
        }),
      );
    }
  } else {
    await step(() => ctx.jobs.startQueue());
    await step(() => ctx.jobs.startWorkers());
    if (closing) return;
    saveCodeCache();
    // The report and watchlist jobs screen names: the index is built now rather than by the first
    // report (seconds of one thread), and from then on rebuilt when new lists are announced.
    warmScreeningIndex(ctx);
    ctx.log.info('FuelDesk worker started');
  }
}

/**
 * From here on V8 collects the old generation by its size-first rules. The throughput-first defaults let
 * dead objects pile up to several times the live heap before collecting them; with this, resident memory
 * after a load run on GET /api/prices is lower (README Benchmarks). First only on the embedded database
 * (one trader's machine); on PostgreSQL too since issue 36's 140 MB goal: V8's pages there held 55-91 MiB
 * at the end of the bench's load run against 31-36 MiB with it, the process 131-166 against 106-112 MiB
 * (4 pairs), for ~10 % fewer requests a second on GET /api/prices under 10 connections; the history's
 * times did not move. Set only now, because as a command-line flag it made a fresh install's first
 * start slower (collections during start-up).
 */
function favourMemoryFromNowOn() {
  v8.setFlagsFromString('--optimize-for-size');
}
