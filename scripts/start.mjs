#!/usr/bin/env node
// `npm start`: build the web app and the server when their sources are newer than their builds, then
// run one server from the compiled JavaScript (apps/server/dist; `npm run dev` keeps tsx).
// The builds print one line each; `npm start -- --build-details` shows their whole output (a failed
// build shows it anyway).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, newestMtime, serverBuildIsStale, serverDist } from './build-server.mjs';
import { jemallocEnvironment } from './jemalloc.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
// Written at the very end of the build (scripts/precompress.mjs): an interrupted build is redone.
const builtIndex = path.join(web, 'dist/.build-complete');
const buildDetails = process.argv.includes('--build-details');
const serverArgs = process.argv.slice(2).filter((arg) => arg !== '--build-details');
const dataDir = path.resolve(root, process.env.DATA_DIR ?? 'data');

/** Runs a build step; its output is kept and shown only when it fails (or with --build-details). */
function runStep(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: buildDetails ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) return resolve();
      process.stderr.write(Buffer.concat(output));
      reject(new Error(`${[command, ...args].join(' ')} failed (exit code ${code})`));
    });
  });
}

const scripts = path.join(root, 'scripts');
const sources = ['src', 'public', 'index.html', 'vite.config.ts'].map((name) => path.join(web, name));
const contracts = path.join(root, 'packages/contracts/src');
const sourceTime = Math.max(
  ...sources.map(newestMtime),
  newestMtime(contracts),
  ...['build-web.mjs', 'prerender.mjs', 'precompress.mjs'].map((name) => newestMtime(path.join(scripts, name))),
);
const webIsStale = !existsSync(builtIndex) || statSync(builtIndex).mtimeMs < sourceTime;
const serverIsStale = serverBuildIsStale();
// A fresh clone's start: the server build and (on a fresh embedded install) the migrated PGlite template
// the server copies are made while the web app builds, instead of one after the other.
const freshEmbedded = !process.env.DATABASE_URL && !existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
const steps = [];
// scripts/build-web.mjs itself, not through npm (`npm run build -w @fueldesk/web` runs the same): npm's own
// start was ~0.3 s of CPU before the build began. Without its last step, precompression, which runs on one
// thread from then on, beside the rest of the build and the server's start. Until a file's .br and .gz are
// written the server sends it uncompressed (it picks a precompressed file per request, when there is one).
// The web build (~2 s) is not what a fresh clone's start waits for: the database is (initdb and the migrations,
// scripts/database-template.mjs, beside both builds on the machine's cores). At nice 10 the web build leaves
// them the CPU first: ready 0.92x and 0.94x of main's in two runs of 5 alternating pairs on the idle 2-core
// machine (bench/paired/fresh-start.mjs, README's Benchmarks). Where the system has `nice`; else as it is.
const niceCommand = ['/usr/bin/nice', '/bin/nice'].find((candidate) => existsSync(candidate));
if (webIsStale) {
  const args = [path.join(scripts, 'build-web.mjs'), '--no-precompress', ...(buildDetails ? [] : ['--no-size-report'])];
  steps.push([
    'the web app',
    () =>
      (niceCommand ? runStep(niceCommand, ['-n', '10', process.execPath, ...args]) : runStep(process.execPath, args)).then(() => {
        precompressAfterListen = true;
      }),
  ]);
}
/**
 * The web build's last step, started once the server listens (it tells over an IPC channel, server.ts):
 * begun as soon as the pages were written, its ~2 s of CPU (brotli at quality 11) ran beside the server's
 * build and first start on the 2 cores. Its failure leaves the build incomplete (redone at the next start).
 */
let precompressAfterListen = false;
let precompressing;
function startPrecompression() {
  precompressing = spawn(process.execPath, [path.join(scripts, 'precompress.mjs'), path.join(web, 'dist'), '--background'], {
    cwd: root,
    stdio: buildDetails ? 'inherit' : ['ignore', 'ignore', 'pipe'],
  });
  const errors = [];
  precompressing.stderr?.on('data', (chunk) => errors.push(chunk));
  precompressing.on('close', (code, signal) => {
    precompressing = undefined;
    if (code === 0 || signal) return;
    process.stderr.write(Buffer.concat(errors));
    console.error(`Compressing the web app's files failed (exit code ${code}): they are sent uncompressed, and the web app is built again at the next start.`);
  });
}

// With no template cached yet (a fresh clone), initdb and the migrations start at once, beside the server's
// build, in a process of their own that makes the template and the database (scripts/database-template.mjs).
const templateCached = () =>
  readdirSync(path.join(root, 'apps/server/.cache'), { withFileTypes: true }).some(
    (entry) => entry.name.startsWith('pglite-template-') && existsSync(path.join(root, 'apps/server/.cache', entry.name, 'PG_VERSION')),
  );
let templateMaker;
if (serverIsStale) {
  const early = freshEmbedded && !(existsSync(path.join(root, 'apps/server/.cache')) && templateCached());
  steps.push([
    freshEmbedded ? 'the server and its database template' : 'the server',
    async () => {
      if (early) {
        templateMaker = startTemplateMaker();
        await buildServer().catch((error) => {
          templateMaker.child.kill();
          throw error;
        });
        templateMaker.child.send('server built');
        await templateMaker.databaseReady;
        return;
      }
      await buildServer();
      if (freshEmbedded) await runStep(process.execPath, [path.join(serverDist, 'database-template.js')]);
    },
  ]);
}

/**
 * scripts/database-template.mjs, whose output is shown as a build step's. `databaseReady` resolves once the
 * database is in place (the process then caches the template: its failure after that is only reported).
 */
function startTemplateMaker() {
  const child = spawn(process.execPath, [path.join(scripts, 'database-template.mjs'), dataDir], {
    cwd: root,
    stdio: buildDetails ? ['ignore', 'inherit', 'inherit', 'ipc'] : ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  let ready = false;
  const databaseReady = new Promise((resolve, reject) => {
    child.on('message', (message) => {
      if (message !== 'database ready') return;
      ready = true;
      resolve();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0 && ready) return;
      process.stderr.write(Buffer.concat(output));
      const failure = `scripts/database-template.mjs failed (exit code ${code})`;
      if (ready) console.error(`${failure}: the PGlite template was not cached; the next fresh install makes it.`);
      else reject(new Error(failure));
    });
  });
  // Awaited once the server is built; a failure before that is reported then.
  databaseReady.catch(() => {});
  return { child, databaseReady };
}

if (steps.length > 0) {
  const started = performance.now();
  console.log(`Building ${steps.map(([name]) => name).join(' and ')}…${buildDetails ? '' : ' (npm start -- --build-details shows the output)'}`);
  try {
    await Promise.all(steps.map(([, step]) => step()));
  } catch (error) {
    precompressing?.kill();
    templateMaker?.child.kill();
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  console.log(
    `Built in ${((performance.now() - started) / 1000).toFixed(1)} s.${precompressAfterListen ? ' The web app\'s files are compressed once the server answers (sent uncompressed until then).' : ''}`,
  );
}

// A 2 MB young generation (V8's default grows to 16 MB per semi-space): less resident
// memory after a load run, with no loss of throughput measured on GET /api/prices.
// glibc's malloc (Linux) gives blocks of 512 KiB and more their own mapping, returned to the system
// when freed. By default that threshold starts at 128 KiB and rises with every large block freed,
// after which such blocks stay in its arenas: more resident memory after a load run (paired
// runs, README's Benchmarks). A threshold set this way also stops glibc from raising the trim
// threshold (free memory at the top of the heap given back to the system) from its 128 KiB: the
// start-up then gave memory back and faulted it in again many more times (brk, in strace), a share
// of a restart (paired runs, README's Benchmarks). It is set to 8 MiB (glibc's own rule would have
// raised it to 1 MiB, which measured slower); resident memory after a load run did not change.
// Two malloc arenas at most (glibc's default allows 8 per core): libuv's pool and V8's worker threads
// each kept blocks in arenas of their own; resident memory after an import and a load run 0.89x,
// restart CPU 0.98x (paired runs, README's Benchmarks).
// Other C libraries ignore the variable; one set by the user replaces it.
const GLIBC_TUNABLES =
  process.env.GLIBC_TUNABLES ?? 'glibc.malloc.mmap_threshold=524288:glibc.malloc.trim_threshold=8388608:glibc.malloc.arena_max=2';
// jemalloc instead of glibc's malloc when the system has it (scripts/jemalloc.mjs says why).
// Work held back until the server answers (a fresh web build's compression, caching the PGlite template):
// the server says when it listens over an IPC channel (server.ts).
const notifyListening = precompressAfterListen || templateMaker !== undefined;
const server = spawn(process.execPath, ['--max-semi-space-size=2', path.join(serverDist, 'main.js'), ...serverArgs], {
  cwd: root,
  stdio: notifyListening ? ['inherit', 'inherit', 'inherit', 'ipc'] : 'inherit',
  env: {
    ...process.env,
    GLIBC_TUNABLES,
    DATA_DIR: dataDir,
    ...jemallocEnvironment(process.env),
    ...(notifyListening ? { FUELDESK_NOTIFY_LISTENING: '1' } : {}),
  },
});
if (notifyListening) {
  server.on('message', (message) => {
    if (message !== 'fueldesk:listening') return;
    if (precompressAfterListen && !precompressing) startPrecompression();
    if (templateMaker?.child.connected) templateMaker.child.send('server listening');
  });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    precompressing?.kill(signal);
    server.kill(signal);
  });
}
server.on('exit', (code) => {
  precompressing?.kill('SIGTERM');
  process.exit(code ?? 0);
});
