import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestContext } from '../../test/test-context';
import { arrayLiteral, BULK_SHARED_BUFFERS, migrationsAreCurrent, openDatabase, queryRows } from './client';
import { lockSocketPath } from './directory-lock';

describe('database', () => {
  it('applies every migration to an empty database, and again without change', async () => {
    const t = await openTestContext({ emptyDatabase: true });
    const tables = await queryRows<{ table_name: string }>(
      t.ctx.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = tables.map((row) => row.table_name);
    expect(names).toEqual(expect.arrayContaining(['users', 'sessions', 'job_heartbeats']));
    await t.ctx.database.migrate();
    const again = await queryRows(t.ctx.db, sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`);
    expect(again[0]).toEqual({ n: names.length });
    // PGlite's initdb and every migration, the one context of the suite that starts from nothing: ~30 s on a busy 2-core machine.
  }, 120_000);

  it('skips the migrator only when the newest migration of the journal is recorded', async () => {
    const t = await openTestContext();
    expect(await migrationsAreCurrent(t.ctx.database)).toBe(true);
    // As if the last migration had not been applied: the next start must run the migrator.
    const [newest] = await queryRows<{ id: number }>(t.ctx.db, sql`select id from drizzle.__drizzle_migrations order by created_at desc limit 1`);
    await t.ctx.db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where id = ${newest!.id}`);
    expect(await migrationsAreCurrent(t.ctx.database)).toBe(false);
    await t.ctx.db.execute(sql`delete from drizzle.__drizzle_migrations`);
    expect(await migrationsAreCurrent(t.ctx.database)).toBe(false);
    await t.ctx.db.execute(sql`drop schema drizzle cascade`);
    expect(await migrationsAreCurrent(t.ctx.database)).toBe(false);
  });

  it('sends any text through an array literal unchanged, one element per value', async () => {
    const values = ['', 'plain', 'with space', 'a,b', '{braces}', 'say "hi"', 'back\\slash', '\\"', 'NULL', 'línea\nnueva', ' padded '];
    const t = await openTestContext();
    const [row] = await queryRows<{ values: string[]; count: number }>(
      t.ctx.db,
      sql`select ${arrayLiteral(values)}::text[] as values, cardinality(${arrayLiteral(values)}::text[]) as count`,
    );
    expect(row).toEqual({ values, count: values.length });
    const [empty] = await queryRows<{ count: number }>(t.ctx.db, sql`select cardinality(${arrayLiteral([])}::text[]) as count`);
    expect(empty).toEqual({ count: 0 });
  });

  it('refuses a second process on the same PGlite directory', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fd-lock-'));
    const first = await openDatabase({ dataDir: dir });
    await first.executeSql('create table lock_probe (n integer)');
    await first.executeSql('insert into lock_probe values (7)');
    try {
      // A real second process, as a user would start one (not spawnSync: this process must answer who holds the lock).
      const child = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
        const run = spawn(
          process.execPath,
          ['--import', 'tsx', '-e', `import('${path.resolve(__dirname, 'client.ts')}').then(m => m.openDatabase({ dataDir: ${JSON.stringify(dir)} })).then(() => process.exit(0), (e) => { console.error(e.name + ': ' + e.message); process.exit(3); })`],
          { stdio: ['ignore', 'ignore', 'pipe'] },
        );
        let stderr = '';
        run.stderr.on('data', (chunk: Buffer) => (stderr += String(chunk)));
        run.on('exit', (status) => resolve({ status, stderr }));
      });
      expect(child.status).toBe(3);
      expect(child.stderr).toContain('DatabaseLockedError');
      expect(child.stderr).toContain('already used by another FuelDesk process');
      // It says which process: this one, its start and its command.
      expect(child.stderr).toContain(`pid ${process.pid}, started `);
      expect(child.stderr).toMatch(/command "[^"]*node/);
    } finally {
      await first.close();
    }
    // Once the first process let go, the directory opens again and keeps its data.
    const reopened = await openDatabase({ dataDir: dir });
    try {
      expect((await reopened.executeSql('select n from lock_probe')).rows).toEqual([{ n: 7 }]);
    } finally {
      await reopened.close();
    }
  });

  it('is not blocked by a stale pid file naming a live (reused) pid, nor by the socket of a killed holder', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fd-stale-'));
    // An old pid file naming pid 1, alive in every container: the lock is no longer a pid.
    writeFileSync(path.join(dir, 'fueldesk.lock'), '1');
    // A holder killed with SIGKILL leaves its socket file behind; nobody listens on it any more.
    const killed = spawnSync(
      process.execPath,
      ['-e', `require('net').createServer().listen(${JSON.stringify(lockSocketPath(dir))}, () => process.kill(process.pid, 'SIGKILL'))`],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(killed.signal).toBe('SIGKILL');
    expect(existsSync(lockSocketPath(dir))).toBe(true);
    const database = await openDatabase({ dataDir: dir });
    try {
      expect((await database.executeSql('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });

  it('is released by the operating system when its holder is killed with SIGKILL', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fd-kill-'));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '-e', `import('${path.resolve(__dirname, 'client.ts')}').then(m => m.openDatabase({ dataDir: ${JSON.stringify(dir)} })).then(() => { console.log('open'); setInterval(() => {}, 1000); })`],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => String(chunk).includes('open') && resolve());
      child.on('exit', (code) => reject(new Error(`child exited ${code}`)));
    });
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(`pid ${child.pid}`);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const database = await openDatabase({ dataDir: dir });
    await database.close();
  });

  it('opens PGlite with the shared buffers a bulk command asks for', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fd-bulk-buffers-'));
    const database = await openDatabase({ dataDir: dir, sharedBuffers: BULK_SHARED_BUFFERS });
    try {
      const rows = await database.executeSql("select setting from pg_settings where name = 'shared_buffers'");
      // 8 kB pages: 16 MB.
      expect(rows.rows).toEqual([{ setting: '2048' }]);
    } finally {
      await database.close();
    }
  });

  it('opens PGlite with small buffers and keeps the data directory\'s own settings', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fd-settings-'));
    for (let round = 0; round < 2; round += 1) {
      const database = await openDatabase({ dataDir: dir });
      try {
        const rows = await database.executeSql(
          "select name, setting from pg_settings where name in ('shared_buffers', 'maintenance_work_mem', 'wal_init_zero', 'TimeZone', 'max_connections') order by name",
        );
        // shared_buffers counts 8 kB pages, maintenance_work_mem kB.
        expect(rows.rows).toEqual([
          { name: 'TimeZone', setting: 'UTC' },
          { name: 'maintenance_work_mem', setting: '16384' },
          { name: 'max_connections', setting: '10' },
          { name: 'shared_buffers', setting: '1024' },
          { name: 'wal_init_zero', setting: 'off' },
        ]);
        // Fewer connections, as many lock slots as PostgreSQL's defaults give (64 per transaction, 100
        // connections): the lock table holds max_locks_per_transaction times the backends and prepared transactions.
        const slots = await database.executeSql(
          "select name, setting::int as value from pg_settings where name in ('max_locks_per_transaction', 'max_connections', 'autovacuum_worker_slots', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions')",
        );
        const setting = Object.fromEntries((slots.rows as { name: string; value: number }[]).map((row) => [row.name, row.value]));
        const others = (setting.autovacuum_worker_slots ?? 0) + setting.max_worker_processes! + setting.max_wal_senders! + setting.max_prepared_transactions!;
        expect(setting.max_locks_per_transaction! * (setting.max_connections! + others)).toBeGreaterThanOrEqual(64 * (100 + others));
      } finally {
        await database.close();
      }
    }
  });
});
