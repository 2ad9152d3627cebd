import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';

// House rule (ARCHITECTURE.md): each table has one owning repository. Other modules change a
// table's rows through the owner's service, so a rule about a table (who may set a role, which
// change ends a session) lives in one place. This scans the server's source for drizzle writes
// (`.insert(table)`, `.update(table)`, `.delete(table)`) and raw SQL writes (`insert into
// ${table}`, `update ${table}`, `delete from ${table}`) and names every file that writes each table.

const srcDir = join(__dirname, '..');

/** Owners the rule names explicitly; every other table only needs exactly one writer. */
const declaredOwners: Record<string, string> = {
  users: 'modules/users/users.repository.ts',
  sessions: 'modules/sessions/sessions.repository.ts',
  // The mailer's outbox transport stores mail through the dev module, which also reads it.
  mail_outbox: 'modules/dev/dev.repository.ts',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The schema's tables by their exported (TypeScript) name. */
const tables = Object.entries(schema).filter(([, value]) => is(value, PgTable)) as [string, PgTable][];

/** Identifiers that a source text writes to: `db.insert(x)`, `tx.update(schema.x)`, sql`delete from ${x}`. */
function writtenIdentifiers(source: string): Set<string> {
  const found = new Set<string>();
  const patterns = [
    /\.(?:insert|update|delete)\(\s*(?:[A-Za-z_$][\w$]*\.)*([A-Za-z_$][\w$]*)\s*,?\s*\)/g,
    /\b(?:insert\s+into|update|delete\s+from)\s+\$\{\s*(?:[A-Za-z_$][\w$]*\.)*([A-Za-z_$][\w$]*)\s*\}/gi,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.add(match[1]!);
  return found;
}

function writersByTable(): Map<string, string[]> {
  const writers = new Map<string, string[]>(tables.map(([, table]) => [getTableName(table), []]));
  const byExport = new Map(tables.map(([name, table]) => [name, getTableName(table)]));
  for (const file of sourceFiles(srcDir)) {
    for (const identifier of writtenIdentifiers(readFileSync(file, 'utf8'))) {
      const table = byExport.get(identifier);
      if (table) writers.get(table)!.push(relative(srcDir, file).split('\\').join('/'));
    }
  }
  return writers;
}

describe('each table has one owning repository', () => {
  it('finds writes however they are spelled (so the scan below can fail)', () => {
    expect([...writtenIdentifiers('await db.update(users).set({ role })')]).toEqual(['users']);
    expect([...writtenIdentifiers('tx.insert(\n  schema.sessions,\n)')]).toEqual(['sessions']);
    expect([...writtenIdentifiers('sql`delete from ${users} where id = ${id}`')]).toEqual(['users']);
    expect([...writtenIdentifiers('db.select().from(users)')]).toEqual([]);
  });

  it('writes every table from one file, a repository unless declared otherwise', () => {
    const writers = writersByTable();
    expect(tables.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const [table, files] of writers) {
      const owner = declaredOwners[table];
      if (files.length > 1) problems.push(`${table} is written from ${files.length} files: ${files.join(', ')}`);
      for (const file of files) {
        if (owner ? file !== owner : !file.endsWith('.repository.ts')) {
          problems.push(`${table} is written from ${file}; its owner is ${owner ?? 'a *.repository.ts file'}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps the users and sessions tables in their own modules', () => {
    const writers = writersByTable();
    expect(writers.get('users')).toEqual([declaredOwners.users]);
    expect(writers.get('sessions')).toEqual([declaredOwners.sessions]);
  });
});
