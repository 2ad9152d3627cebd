// `apps/server/dist/fresh-database.js`, loaded by scripts/database-template.mjs on the first `npm start` of a
// fresh clone with an embedded database: that script starts PGlite (initdb, the migrations) while the
// server is being built, then hands it here, where the server's own code prepares the template (the job
// queue's tables), puts the fresh install's database in place and caches the template (pglite-template.ts).
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { migrationsFolder } from './client';
import { PGLITE_START_PARAMS, pgliteExecutor } from './pglite';
import { acquireDirectoryLock, DatabaseLockedError } from './directory-lock';
import { makeTemplateAndDatabase } from './pglite-template';
import { prepareJobQueueTables } from './template-preparation';

/**
 * Makes `dataDir`'s embedded database (dataDir/pglite, as the server opens it) and the cached template from
 * `started`; `databaseReady` is called once the database is in place and the data folder's lock released,
 * and the template is cached once what it returns has resolved. A data folder another process holds is left alone (the template is made).
 */
export async function makeFreshDatabase(started: PGlite, dataDir: string, databaseReady: () => void | Promise<void>): Promise<void> {
  let release: (() => void) | null = null;
  try {
    release = await acquireDirectoryLock(path.resolve(dataDir));
  } catch (error) {
    if (!(error instanceof DatabaseLockedError)) throw error;
  }
  const ready = () => {
    release?.();
    return databaseReady();
  };
  try {
    await makeTemplateAndDatabase(
      started,
      migrationsFolder,
      PGLITE_START_PARAMS,
      (client) => prepareJobQueueTables(pgliteExecutor(client)),
      release ? path.resolve(dataDir, 'pglite') : null,
      ready,
    );
  } finally {
    release?.();
  }
}
