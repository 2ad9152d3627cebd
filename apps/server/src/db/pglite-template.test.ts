import { createHash } from 'node:crypto';
import { appendFileSync, chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, PGLITE_START_PARAMS } from './client';
import { copyDirectory, ensurePgliteTemplate, pgliteTemplateDir, templateKey } from './pglite-template';

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
});
