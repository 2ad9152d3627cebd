#!/usr/bin/env node
// The first `npm start` of a fresh clone on the embedded database (scripts/start.mjs runs this beside the
// server's build and the web build): PGlite's initdb and the migrations run while esbuild compiles the
// server, instead of after it. They need only PGlite, drizzle's migrator and the migrations folder, not the
// server's code; once the server is built (the message "server built" from start.mjs), its own code
// (apps/server/dist/fresh-database.js) prepares the template, puts the fresh install's database in place
// (the message "database ready" goes back then, and the server may start on it) and, once the server
// listens (the message "server listening"), caches the template,
// as `node apps/server/dist/database-template.js` does after the build otherwise.
//
//   node scripts/database-template.mjs DATA_DIR   (with an IPC channel to start.mjs)
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import v8 from 'node:v8';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
const dataDir = path.resolve(process.argv[2] ?? path.join(root, 'data'));
if (!process.send) throw new Error('scripts/database-template.mjs is run by scripts/start.mjs, with an IPC channel');

const built = new Promise((resolve, reject) => {
  process.once('message', resolve);
  process.once('disconnect', () => reject(new Error('npm start ended before the server was built')));
});
// V8's baseline compiler only, and each function of PostgreSQL's WebAssembly validated when first called:
// initdb and the migrations run a little of a lot of PostgreSQL once, which its optimizing compiler never
// paid back (initdb and migrations 0.85x CPU against the server's own flags, wasm-tiering.ts; 3 alternating
// runs on the shared machine). Set before PGlite compiles; this process never serves a query.
v8.setFlagsFromString('--liftoff-only');
v8.setFlagsFromString('--wasm-lazy-validation');
// The server's own packages (those it resolves from apps/server).
const serverRequire = createRequire(path.join(server, 'package.json'));
const { PGlite } = serverRequire('@electric-sql/pglite');
const { drizzle } = serverRequire('drizzle-orm/pglite');
const { migrate } = serverRequire('drizzle-orm/pglite/migrator');

// The server's PGLITE_START_PARAMS (apps/server/src/db/pglite.ts): the data directory does not depend on them.
const client = new PGlite({ startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=8MB', '-c', 'maintenance_work_mem=16MB', '-c', 'wal_init_zero=off'] });
try {
  await client.waitReady;
  await migrate(drizzle(client), { migrationsFolder: path.join(server, 'drizzle') });
  await built;
} catch (error) {
  await client.close();
  throw error;
}
const { makeFreshDatabase } = await import(pathToFileURL(path.join(server, 'dist/fresh-database.js')).href);
await makeFreshDatabase(client, dataDir, () => {
  process.send('database ready');
  // What is left, caching the template, is finished when npm start is stopped meanwhile (a second or so): a
  // half-written template is never left in the cache. Not at a lower CPU priority: on the shared machine
  // under load, a starved process creating files held up the server's own writes (first start up to 3x).
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {});
  // Cached once the server answers (start.mjs says "server listening"), or once npm start has ended: written
  // beside the server's first start, its ~1,400 files took CPU and disk from it.
  return new Promise((resolve) => {
    process.once('message', resolve);
    process.once('disconnect', resolve);
  }).then(() => {
    if (process.connected) process.disconnect();
  });
});
