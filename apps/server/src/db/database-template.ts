// `node apps/server/dist/database-template.js`: makes the cached PGlite template of a fresh install when
// the cache has none for the current migrations (run by scripts/build-server.mjs; see pglite-template.ts).
// Besides the migrations it holds pg-boss's schema and every queue (template-preparation.ts).
import v8 from 'node:v8';
import { migrationsFolder } from './client';
import { PGLITE_START_PARAMS, pgliteExecutor } from './pglite';
import { ensurePgliteTemplate } from './pglite-template';
import { prepareJobQueueTables } from './template-preparation';

// Set before PGlite compiles: V8's baseline compiler only, and each function of PostgreSQL's WebAssembly
// validated when first called. At V8's defaults initdb and the migrations had every function they touched
// validated up front and recompiled by the optimizing compiler on both cores, which a run this short never
// gets back: CPU of initdb, the 22 migrations and the dump 2.79 -> 1.87 s with the server's flags
// (wasm-tiering.ts), initdb and migrations 0.85x more with --liftoff-only (in-process timing on the shared
// 2-core machine, 3 alternating runs). This process never serves a query.
v8.setFlagsFromString('--liftoff-only');
v8.setFlagsFromString('--wasm-lazy-validation');
await ensurePgliteTemplate(migrationsFolder, PGLITE_START_PARAMS, (client) => prepareJobQueueTables(pgliteExecutor(client)));
