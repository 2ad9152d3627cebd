// `node apps/server/dist/database-template.js`: makes the cached PGlite template of a fresh install when
// the cache has none for the current migrations (run by scripts/build-server.mjs; see pglite-template.ts).
// Besides the migrations it holds pg-boss's schema and every queue (template-preparation.ts).
import { migrationsFolder, PGLITE_START_PARAMS, pgliteExecutor } from './client';
import { ensurePgliteTemplate } from './pglite-template';
import { prepareJobQueueTables } from './template-preparation';

await ensurePgliteTemplate(migrationsFolder, PGLITE_START_PARAMS, (client) => prepareJobQueueTables(pgliteExecutor(client)));
