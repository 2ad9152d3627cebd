import { ConfigError, loadConfig } from './config';
import { databaseOptions, DatabaseLockedError, openDatabase } from './db/client';

/**
 * The server's entry. It loads only the configuration and the database client, starts opening the
 * database, and loads the rest of the server meanwhile: PGlite's start (WebAssembly compilation, file
 * reads) leaves this thread idle for a few hundred milliseconds that module loading can use.
 */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = openDatabase(databaseOptions(config));
  // Awaited by startServer; this only keeps a failure from being reported twice while the server loads.
  database.catch(() => {});
  const { startServer } = await import('./server');
  try {
    await startServer(config, database);
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
