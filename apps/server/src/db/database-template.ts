// `node apps/server/dist/database-template.js`: makes the cached PGlite template of a fresh install when
// the cache has none for the current migrations (run by scripts/build-server.mjs; see pglite-template.ts).
import { migrationsFolder, PGLITE_START_PARAMS } from './client';
import { ensurePgliteTemplate } from './pglite-template';


await ensurePgliteTemplate(migrationsFolder, PGLITE_START_PARAMS);
