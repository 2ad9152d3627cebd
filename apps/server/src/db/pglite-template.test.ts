import { createHash } from 'node:crypto';
import { appendFileSync, chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it, vi } from 'vitest';
import { migrationsFolder, openDatabase } from './client';
import { PGLITE_START_PARAMS } from './pglite';
import { copyDirectory, ensurePgliteTemplate, makeTemplateAndDatabase, pgliteTemplateDir, templateKey } from './pglite-template';

/** Every file's path and content under `dir`. */
function digestDir(dir: string): string {
  const hash = createHash('sha256');
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }).filter((item) => item.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    hash.update(path.relative(dir, file)).update(readFileSync(file));
  }
  return hash.digest('hex');
}

/** Every entry's path and mode (files and folders), sorted. */
function modesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((entry) => path.join(entry.parentPath, entry.name))
    .map((file) => `${path.relative(dir, file)} ${(statSync(file).mode & 0o7777).toString(8)}`)
    .sort();
}

/** A database directory's tables, columns, indexes and constraints, and drizzle's record of the migrations. */
async function schemaOf(dir: string): Promise<unknown[]> {
  const client = new PGlite(dir, { startParams: PGLITE_START_PARAMS });
  try {
    const queries = [
      "select table_schema, table_name, column_name, data_type, is_nullable, column_default from information_schema.columns where table_schema not in ('pg_catalog', 'information_schema') order by 1, 2, 3",
      "select schemaname, tablename, indexname, indexdef from pg_indexes where schemaname not in ('pg_catalog') order by 1, 2, 3",
      "select conrelid::regclass::text as rel, conname, pg_get_constraintdef(oid) as def from pg_constraint where connamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace) order by 1, 2",
      'select hash, created_at::text from drizzle.__drizzle_migrations order by id',
    ];
    return await Promise.all(queries.map(async (query) => (await client.query(query)).rows));
  } finally {
    await client.close();
  }
}

const markTemplate = async (client: PGlite) => {
  await client.exec('create table prepared_marker (id int)');
};

describe('PGlite template of a fresh install', () => {
  it('is copied file for file: same paths, contents and modes, folders included', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'fd-copy-'));
    try {
      const from = path.join(root, 'from');
      mkdirSync(path.join(from, 'base', '5'), { recursive: true });
      mkdirSync(path.join(from, 'pg_wal', 'archive_status'), { recursive: true });
      chmodSync(path.join(from, 'base'), 0o700);
      writeFileSync(path.join(from, 'PG_VERSION'), '17\n');
      writeFileSync(path.join(from, 'base', '5', '1259'), Buffer.alloc(3 * 8192, 7));
      chmodSync(path.join(from, 'base', '5', '1259'), 0o600);
      for (let n = 0; n < 9; n += 1) writeFileSync(path.join(from, 'base', '5', `${2600 + n}`), `relation ${n}`);
      const to = path.join(root, 'to');
      await copyDirectory(from, to);
      expect(digestDir(to)).toBe(digestDir(from));
      expect(modesOf(to)).toEqual(modesOf(from));
      expect(modesOf(to)).toContain('base 700');
      expect(modesOf(to)).toContain(`${path.join('base', '5', '1259')} 600`);
      // An existing target is refused rather than merged into.
      await expect(copyDirectory(from, to)).rejects.toThrow();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('is named by the migrations: a changed or added migration gives another template', () => {
    const copy = path.join(mkdtempSync(path.join(tmpdir(), 'fd-template-')), 'drizzle');
    try {
      cpSync(migrationsFolder, copy, { recursive: true });
      const before = templateKey(copy);
      expect(templateKey(copy)).toBe(before);
      appendFileSync(path.join(copy, '0000_foundation.sql'), '\n-- edited\n');
      const edited = templateKey(copy);
      expect(edited).not.toBe(before);
      appendFileSync(path.join(copy, '9999_next.sql'), 'select 1;\n');
      expect(templateKey(copy)).not.toBe(edited);
      expect(pgliteTemplateDir(copy)).toContain(templateKey(copy));
    } finally {
      rmSync(path.dirname(copy), { recursive: true, force: true });
    }
  });

  it('a plain template a start left in the cache is not handed to who asks for a prepared one; a start then takes the prepared one', async () => {
    const copy = path.join(mkdtempSync(path.join(tmpdir(), 'fd-template-kinds-')), 'drizzle');
    try {
      cpSync(migrationsFolder, copy, { recursive: true });
      expect(await ensurePgliteTemplate(copy, PGLITE_START_PARAMS)).toEqual({ dir: pgliteTemplateDir(copy) });
      let prepared = 0;
      const withJobs = await ensurePgliteTemplate(copy, PGLITE_START_PARAMS, async (client) => {
        prepared += 1;
        await client.exec('create table prepared_marker (id int)');
      });
      expect(prepared).toBe(1);
      expect(withJobs).toEqual({ dir: pgliteTemplateDir(copy, true) });
      expect(await ensurePgliteTemplate(copy, PGLITE_START_PARAMS)).toEqual({ dir: pgliteTemplateDir(copy, true) });
      // Both kinds of the current migrations stay in the cache.
      expect(readdirSync(path.dirname(pgliteTemplateDir(copy))).sort()).toEqual([path.basename(pgliteTemplateDir(copy)), path.basename(pgliteTemplateDir(copy, true))].sort());
    } finally {
      rmSync(path.dirname(copy), { recursive: true, force: true });
    }
  }, 120_000); // Two templates, each every migration on PGlite: ~10 s idle, 44 s once on CI's loaded machine.

  it('gives a fresh directory every migration and the initdb settings, and a second open finds it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fd-fresh-'));
    try {
      const first = await openDatabase({ dataDir });
      // The tests' prepared template (with the job queue's tables) when they made it, else a plain one.
      const template = [pgliteTemplateDir(migrationsFolder, true), pgliteTemplateDir(migrationsFolder)].find((dir) => existsSync(path.join(dir, 'PG_VERSION')))!;
      let templateDigest = '';
      try {
        expect(existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
        templateDigest = digestDir(template);
        const journal = readdirSync(migrationsFolder).filter((name) => name.endsWith('.sql')).length;
        const applied = await first.executeSql('select count(*)::int as n from drizzle.__drizzle_migrations');
        expect(applied.rows[0].n).toBe(journal);
        const timezone = await first.executeSql('show timezone');
        expect(timezone.rows[0].TimeZone).toBe('UTC');
        // Migrations after the unpacking find nothing to do; the database takes writes.
        await first.migrate();
        await first.executeSql("insert into products (code, name, description, category, unit, delivery_mode, location) values ('T', 'T', 'T', 'crude', 'bbl', 'Spot', 'X')");
      } finally {
        await first.close();
      }
      // The install wrote to a copy: the template is as it was.
      expect(digestDir(template)).toBe(templateDigest);
      const second = await openDatabase({ dataDir });
      try {
        const rows = await second.executeSql("select count(*)::int as n from products where code = 'T'");
        expect(rows.rows[0].n).toBe(1);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('replaces what an interrupted first start left in the directory, and leaves no unpacking folder behind', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fd-interrupted-'));
    try {
      // A first start killed while writing: some files, no PG_VERSION.
      mkdirSync(path.join(dataDir, 'pglite', 'base'), { recursive: true });
      writeFileSync(path.join(dataDir, 'pglite', 'base', 'half-written'), 'x');
      const database = await openDatabase({ dataDir });
      try {
        const applied = await database.executeSql('select count(*)::int as n from drizzle.__drizzle_migrations');
        expect(applied.rows[0].n).toBeGreaterThan(0);
      } finally {
        await database.close();
      }
      expect(existsSync(path.join(dataDir, 'pglite', 'base', 'half-written'))).toBe(false);
      expect(readdirSync(dataDir).filter((name) => name.includes('unpacking'))).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
  // The first `npm start` of a fresh clone (scripts/database-template.mjs, fresh-database.ts): PGlite started and
  // migrated beside the server's build, then the database put in place before the template is cached.
  it('from a PGlite started beforehand: the database first, then the template, both as ensurePgliteTemplate makes it', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'fd-template-started-'));
    try {
      const copy = path.join(root, 'early', 'drizzle');
      const reference = path.join(root, 'reference', 'drizzle');
      cpSync(migrationsFolder, copy, { recursive: true });
      cpSync(migrationsFolder, reference, { recursive: true });
      const databaseDir = path.join(root, 'data', 'pglite');
      // What an interrupted start may have left: replaced.
      mkdirSync(path.join(databaseDir, 'base'), { recursive: true });
      writeFileSync(path.join(databaseDir, 'base', 'half-written'), 'x');
      const started = new PGlite({ startParams: PGLITE_START_PARAMS });
      await migrate(drizzle(started), { migrationsFolder: copy });
      let readyCalls = 0;
      let cacheNow!: () => void;
      const making = makeTemplateAndDatabase(started, copy, PGLITE_START_PARAMS, markTemplate, databaseDir, () => {
        readyCalls += 1;
        expect(existsSync(path.join(databaseDir, 'PG_VERSION'))).toBe(true);
        expect(existsSync(pgliteTemplateDir(copy, true))).toBe(false);
        // npm start holds the caching back until the server listens (scripts/database-template.mjs).
        return new Promise<void>((resolve) => (cacheNow = resolve));
      });
      await vi.waitFor(() => expect(readyCalls).toBe(1), { timeout: 120_000 });
      // Time for caching to begin were it not held back: no template, not even a partial one, meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const [cache, templateName] = [path.dirname(pgliteTemplateDir(copy, true)), path.basename(pgliteTemplateDir(copy, true))];
      expect(existsSync(cache) ? readdirSync(cache).filter((name) => name.startsWith(templateName)) : []).toEqual([]);
      cacheNow();
      await making;
      expect(readyCalls).toBe(1);
      expect(started.closed).toBe(true);
      const template = pgliteTemplateDir(copy, true);
      expect(existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
      expect(existsSync(path.join(databaseDir, 'base', 'half-written'))).toBe(false);
      expect(readdirSync(path.dirname(databaseDir))).toEqual(['pglite']);
      expect(digestDir(databaseDir)).toBe(digestDir(template));

      // The same schema, preparation and migrations record as a template made the usual way.
      const usual = await ensurePgliteTemplate(reference, PGLITE_START_PARAMS, markTemplate);
      expect(usual).toEqual({ dir: pgliteTemplateDir(reference, true) });
      const [early, expected] = [await schemaOf(template), await schemaOf(pgliteTemplateDir(reference, true))];
      expect(JSON.stringify(early)).toContain('prepared_marker');
      expect(early).toEqual(expected);

      // The template already cached: the started PGlite is closed unused, and the database copied from the cache.
      const again = new PGlite({ startParams: PGLITE_START_PARAMS });
      const secondDir = path.join(root, 'data2', 'pglite');
      let secondReady = 0;
      await makeTemplateAndDatabase(again, copy, PGLITE_START_PARAMS, markTemplate, secondDir, () => {
        secondReady += 1;
      });
      expect(again.closed).toBe(true);
      expect(secondReady).toBe(1);
      expect(digestDir(secondDir)).toBe(digestDir(template));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 180_000); // Two templates made (each initdb and every migration on PGlite) and a third initdb.
});
