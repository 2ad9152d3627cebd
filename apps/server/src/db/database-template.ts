// `node apps/server/dist/database-template.js`: makes the cached PGlite template of a fresh install when
// the cache has none for the current migrations (run by scripts/build-server.mjs; see pglite-template.ts).
// Besides the migrations it holds pg-boss's schema and every queue (template-preparation.ts).
import { migrationsFolder, PGLITE_START_PARAMS, pgliteExecutor } from './client';
import { ensurePgliteTemplate } from './pglite-template';
import { prepareJobQueueTables } from './template-preparation';
import { setWasmCompileFlags, WASM_TIERING_BUDGET } from './wasm-tiering';

// The server's compile flags (wasm-tiering.ts), set before PGlite compiles: at V8's defaults initdb and the
// migrations had every PostgreSQL function they touched validated up front and recompiled by the optimizing
// compiler on both cores, which a run this short never gets back (the process's CPU 2.8 -> 1.9 s, in-process
// timing of initdb, migrations and dump on the shared 2-core machine).
setWasmCompileFlags(WASM_TIERING_BUDGET);
await ensurePgliteTemplate(migrationsFolder, PGLITE_START_PARAMS, (client) => prepareJobQueueTables(pgliteExecutor(client)));
