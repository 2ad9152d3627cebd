import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { UnpackSync } from 'tar';

/**
 * A fresh embedded install used to run PGlite's initdb (a second WebAssembly module that builds the
 * catalogue, about 2.5 s on an idle 2-core machine and most of a first start's time) and then every
 * migration. Both give the same data directory each time for one PGlite version and one migrations
 * folder, so it is made once, dumped as a tarball, and a fresh install unpacks that (PGlite's
 * `loadDataDir`, the same path its own initdb takes to copy its result into the data directory).
 *
 * The tarball is cached under apps/server/.cache, named by a hash of the migrations folder and the
 * PGlite version: a new migration or a PGlite upgrade gives a new name, so a stale template is never
 * used (and it is never committed). It is made by the server build (scripts/build-server.mjs) or, when
 * missing, at the first fresh install that needs it. Migrations still run after the unpacking, so a
 * database made from a template is brought up to date like any other.
 */
export function pgliteTemplateFile(migrationsFolder: string): string {
  return path.join(path.resolve(migrationsFolder, '..', '.cache'), `pglite-template-${templateKey(migrationsFolder)}.tar.gz`);
}

function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const packageJson = path.resolve(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  return (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
}

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) =>
      entry.isDirectory() ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
    );
}

/** sha256 of the PGlite version and every file of the migrations folder (names and contents). */
export function templateKey(migrationsFolder: string): string {
  const hash = createHash('sha256').update(`pglite ${pgliteVersion()}\n`);
  for (const file of listFiles(migrationsFolder)) {
    hash.update(`${file}\n`).update(readFileSync(path.join(migrationsFolder, file))).update('\n');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * What the build adds after the migrations (database-template.ts: the job queue's schema and queues).
 * Only a head start: a start still creates whatever a template lacks, so a template made without it
 * (at a first start that found none) or before a new queue existed is as good, only slower to start.
 */
export type TemplatePreparation = (client: PGlite) => Promise<void>;

/** initdb and every migration in memory, dumped as an uncompressed tarball. */
async function buildTemplate(migrationsFolder: string, startParams: string[], prepare?: TemplatePreparation): Promise<Buffer> {
  const client = new PGlite({ startParams });
  try {
    await client.waitReady;
    await migrate(drizzle(client), { migrationsFolder });
    await prepare?.(client);
    // A checkpoint first: the unpacked directory starts without WAL to replay.
    await client.exec('checkpoint');
    const tarball = await client.dumpDataDir('none');
    return Buffer.from(await tarball.arrayBuffer());
  } finally {
    await client.close();
  }
}

/**
 * The template's tarball (uncompressed), made and cached when missing. Several processes may make it
 * at once (tests, a build next to a start): each writes a file of its own and renames it into place.
 */
export async function ensurePgliteTemplate(migrationsFolder: string, startParams: string[], prepare?: TemplatePreparation): Promise<Buffer> {
  const file = pgliteTemplateFile(migrationsFolder);
  if (existsSync(file)) {
    try {
      // On the thread pool: the server's entry loads its modules meanwhile (~0.3 s for 41 MB).
      return await promisify(gunzip)(await readFile(file));
    } catch {
      // A damaged cache file: made again below.
    }
  }
  const tarball = await buildTemplate(migrationsFolder, startParams, prepare);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    // zlib level 1: the tarball is mostly empty pages; 41 MB become ~5 MB in a fraction of level 9's time.
    writeFileSync(partial, gzipSync(tarball, { level: 1 }));
    renameSync(partial, file);
    removeOtherTemplates(file);
  } catch {
    // A read-only installation still starts, it only makes the template again next time.
  }
  return tarball;
}

/** Templates of earlier migrations or PGlite versions are of no further use. */
function removeOtherTemplates(current: string) {
  const dir = path.dirname(current);
  for (const name of readdirSync(dir)) {
    if (name.startsWith('pglite-template-') && name.endsWith('.tar.gz') && path.join(dir, name) !== current) {
      rmSync(path.join(dir, name), { force: true });
    }
  }
}

/**
 * Writes the template's files into `dir` (a fresh data directory), which PGlite then opens as any
 * existing one. PGlite's own `loadDataDir` copies the same tarball through its Emscripten file
 * system in small writes: ~4× a plain open of the result, most of a fresh install's first start.
 */
export async function unpackPgliteTemplate(dir: string, migrationsFolder: string, startParams: string[]): Promise<void> {
  const tarball = await ensurePgliteTemplate(migrationsFolder, startParams);
  // Unpacked beside and renamed into place: a start killed half-way leaves no half database behind.
  const unpacking = `${dir}.unpacking-${process.pid}`;
  rmSync(unpacking, { recursive: true, force: true });
  mkdirSync(unpacking, { recursive: true });
  const problems: string[] = [];
  // PGlite names the entries from the data directory's root ("/base/1/1255"); they land inside it.
  new UnpackSync({ cwd: unpacking, onwarn: (code, message) => code !== 'TAR_ENTRY_INFO' && problems.push(`${code} ${message}`) }).end(tarball);
  if (problems.length > 0 || !existsSync(path.join(unpacking, 'PG_VERSION'))) {
    rmSync(unpacking, { recursive: true, force: true });
    throw new Error(`the PGlite template could not be unpacked into ${dir}: ${problems.join('; ') || 'no PG_VERSION'}`);
  }
  // `dir` holds no database (no PG_VERSION): whatever it holds is an earlier start's leftover.
  rmSync(dir, { recursive: true, force: true });
  renameSync(unpacking, dir);
}
