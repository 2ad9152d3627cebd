import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../test/build-test-app';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { createJobQueue, type JobQueue } from './queue';

/**
 * Processes that start together on a new database (compose starting two API processes and a
 * worker) each create every queue: none may fail with a deadlock.
 */
describe('job queues of several processes starting at once', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  const databases: DatabaseHandle[] = [];
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase();
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop(1_000);
    for (const database of databases) await database.close();
    await scratch.drop();
  });

  it('creates every queue once, whichever process gets there first', async () => {
    const names = Array.from({ length: 12 }, (_, index) => `concurrent-${index}`);
    for (let process = 0; process < 4; process++) {
      const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '/nonexistent' });
      databases.push(database);
      const queue = createJobQueue({ executor: database, runWorkers: false });
      for (const name of names) queue.define({ name, handler: async () => {} });
      queues.push(queue);
    }
    const started = await Promise.allSettled(queues.map((queue) => queue.start()));
    expect(started.filter((result) => result.status === 'rejected')).toEqual([]);
    const created = await databases[0]!.executeSql(`select name from pgboss.queue where name like 'concurrent-%' order by name`);
    expect(created.rows.map((row: { name: string }) => row.name)).toEqual([...names].sort());
  });
});
