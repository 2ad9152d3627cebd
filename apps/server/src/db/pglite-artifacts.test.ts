import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { FS_BUNDLE_RELEASE_DELAY_MS } from './pglite';
import { loadPgliteArtifacts, releaseFsBundle } from './pglite-artifacts';

interface EmscriptenFs {
  root: unknown;
  readFile(path: string): Uint8Array;
}
const fsOf = (client: PGlite) => (client as unknown as { mod: { FS: EmscriptenFs } }).mod.FS;

// Files of PGlite's bundle that PostgreSQL reads only when asked: a text-search dictionary's stop
// words, a time zone, a library loaded by LOAD / CREATE EXTENSION.
const BUNDLED = ['/pglite/share/postgresql/tsearch_data/english.stop', '/pglite/share/postgresql/timezone/America/New_York', '/pglite/lib/postgresql/dict_snowball.so'];

describe('PGlite file bundle', () => {
  it('is let go of after the start, its files read back from pglite.data when PostgreSQL needs them', async () => {
    const artifacts = loadPgliteArtifacts();
    const client = new PGlite(undefined, { pgliteWasmModule: await artifacts.pgliteWasmModule, fsBundle: artifacts.fsBundle });
    try {
      await client.waitReady;
      const fs = fsOf(client);
      const before = BUNDLED.map((file) => fs.readFile(file));
      // The copy of the whole bundle the files are views of.
      const held = (fs as unknown as { lookupPath(path: string): { node: { contents: Uint8Array } } }).lookupPath(BUNDLED[0]!).node.contents.buffer;
      expect(held.byteLength).toBeGreaterThan(1_000_000);
      expect(releaseFsBundle(fs, artifacts.fsBundlePath, await artifacts.fsBundle.arrayBuffer())).toBeGreaterThan(100);
      // Detached: the 6 MB buffer is freed.
      expect(held.byteLength).toBe(0);
      BUNDLED.forEach((file, index) => expect(fs.readFile(file)).toEqual(before[index]));
      expect((await client.query<{ v: string }>("select to_tsvector('english', 'The running dogs')::text as v")).rows).toEqual([{ v: "'dog':3 'run':2" }]);
      await client.exec("set time zone 'Europe/Madrid'");
      expect((await client.query<{ v: string }>("select '2024-07-01 12:00:00+00'::timestamptz::text as v")).rows).toEqual([{ v: '2024-07-01 14:00:00+02' }]);
      // A second call finds nothing left to release.
      expect(releaseFsBundle(fs, artifacts.fsBundlePath)).toBe(0);
    } finally {
      await client.close();
    }
  });

  it('is let go of by openDatabase, a second after the open', async () => {
    const database = await openDatabase({ databaseUrl: 'memory://', dataDir: '/nonexistent' });
    try {
      const fs = fsOf(database.pglite!);
      await new Promise((resolve) => setTimeout(resolve, FS_BUNDLE_RELEASE_DELAY_MS + 200));
      const lazy = Object.getOwnPropertyDescriptor((fs as unknown as { lookupPath(path: string): { node: object } }).lookupPath(BUNDLED[0]!).node, 'contents');
      expect(lazy?.get).toBeTypeOf('function');
      expect(fs.readFile(BUNDLED[0]!).length).toBeGreaterThan(100);
      const rows = await database.executeSql("select to_tsvector('english', 'The running dogs')::text as v");
      expect(rows.rows).toEqual([{ v: "'dog':3 'run':2" }]);
    } finally {
      await database.close();
    }
  });
});
