import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/**
 * A fresh embedded install used to run PGlite's initdb (a second WebAssembly module that builds the
 * catalogue, most of a first start's time) and then every
 * migration. Both give the same data directory each time for one PGlite version and one migrations
 * folder, so it is made once, dumped by PGlite as a tarball and unpacked into a template directory,
 * and a fresh install copies that directory.
 *
 * The template is cached under apps/server/.cache, named by a hash of the migrations folder and the
 * PGlite version: a new migration or a PGlite upgrade gives a new name, so a stale template is never
 * used (and it is never committed). It is made by the server build (scripts/build-server.mjs) or, when
 * missing, at the first fresh install that needs it. Migrations still run after the unpacking, so a
 * database made from a template is brought up to date like any other.
 */
export function pgliteTemplateDir(migrationsFolder: string, prepared = false): string {
  return path.join(path.resolve(migrationsFolder, '..', '.cache'), `pglite-template-${templateKey(migrationsFolder)}${prepared ? PREPARED_SUFFIX : ''}`);
}

/**
 * A template made with the build's preparation (the job queue's tables) is named apart from one a
 * first start made without it: the server tests and the build ask for the prepared one, and must not
 * be handed a plain one that a start or a bench left in the cache (the tests' transactions then found
 * no pgboss.job). A start takes either, the prepared one first.
 */
const PREPARED_SUFFIX = '-jobs';

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

/**
 * initdb and every migration in memory, dumped as an uncompressed tarball. `started`: a PGlite already
 * started in memory (initdb done, migrations maybe applied: they are applied here as to any database),
 * closed here like one made here.
 */
async function buildTemplate(migrationsFolder: string, startParams: string[], prepare?: TemplatePreparation, started?: PGlite): Promise<Buffer> {
  const client = started ?? new PGlite({ startParams });
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

/** Where a template is: the cached directory, or (when the cache cannot be written) its tarball in memory. */
export type PgliteTemplate = { dir: string } | { tarball: Buffer };

/**
 * The template, made and cached when missing. Kept as a directory rather than the gzipped tarball it
 * used to be: gunzipping it and unpacking its many files through node-tar cost several times the CPU
 * of copying the directory at every fresh install.
 * Several processes may make it at once (tests, a build next to a start): each unpacks into a folder
 * of its own and renames it into place; a template is complete once it is there.
 */
export async function ensurePgliteTemplate(migrationsFolder: string, startParams: string[], prepare?: TemplatePreparation): Promise<PgliteTemplate> {
  const prepared = pgliteTemplateDir(migrationsFolder, true);
  if (existsSync(path.join(prepared, 'PG_VERSION'))) return { dir: prepared };
  const dir = prepare ? prepared : pgliteTemplateDir(migrationsFolder);
  if (existsSync(path.join(dir, 'PG_VERSION'))) return { dir };
  return cacheTemplate(await buildTemplate(migrationsFolder, startParams, prepare), dir);
}

/** Unpacks a template's tarball into the cache as `dir` (see ensurePgliteTemplate). */
async function cacheTemplate(tarball: Buffer, dir: string): Promise<PgliteTemplate> {
  const partial = `${dir}.${process.pid}.partial`;
  try {
    rmSync(partial, { recursive: true, force: true });
    await unpackTarball(tarball, partial);
    // A directory without PG_VERSION was not renamed into place by a template build.
    if (!existsSync(path.join(dir, 'PG_VERSION'))) rmSync(dir, { recursive: true, force: true });
    renameSync(partial, dir);
    removeOtherTemplates(dir);
    return { dir };
  } catch {
    rmSync(partial, { recursive: true, force: true });
    // Another process put its template in place first; or a read-only installation, which still
    // starts and only makes the template again next time.
    return existsSync(path.join(dir, 'PG_VERSION')) ? { dir } : { tarball };
  }
}

/**
 * The first `npm start` of a fresh clone (scripts/database-template.mjs, fresh-database.ts): the prepared
 * template from a PGlite that started (initdb, migrations) while the server was being built, and a fresh
 * install's data directory `databaseDir` unpacked from it before the template is cached, so that the
 * server starts on a database already in place instead of copying the cached template (~1,400 files:
 * ~1 s of its first start's CPU on the shared machine). `databaseReady` is called once `databaseDir` is in
 * place, or found made meanwhile (then left alone); the cache is written after it. A null `databaseDir`:
 * the template only. When the cache already holds the
 * template, `started` is closed unused and the database copied from the cache.
 */
export async function makeTemplateAndDatabase(
  started: PGlite,
  migrationsFolder: string,
  startParams: string[],
  prepare: TemplatePreparation,
  databaseDir: string | null,
  databaseReady: () => void | Promise<void>,
): Promise<void> {
  const dir = pgliteTemplateDir(migrationsFolder, true);
  if (databaseDir) mkdirSync(path.dirname(databaseDir), { recursive: true });
  if (existsSync(path.join(dir, 'PG_VERSION'))) {
    await started.close();
    if (databaseDir && !existsSync(path.join(databaseDir, 'PG_VERSION'))) await unpackPgliteTemplate(databaseDir, migrationsFolder, startParams);
    databaseReady();
    return;
  }
  const tarball = await buildTemplate(migrationsFolder, startParams, prepare, started);
  if (databaseDir && !existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    const unpacking = `${databaseDir}.unpacking-${process.pid}`;
    rmSync(unpacking, { recursive: true, force: true });
    try {
      await unpackTarball(tarball, unpacking);
      // Checked again: a server may have made the database meanwhile (the caller holds the data folder's lock).
      if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
        rmSync(databaseDir, { recursive: true, force: true });
        renameSync(unpacking, databaseDir);
      }
    } finally {
      rmSync(unpacking, { recursive: true, force: true });
    }
  }
  // The caller may hold the caching back (npm start: until the server answers, scripts/database-template.mjs).
  await databaseReady();
  await cacheTemplate(tarball, dir);
}

/** Templates of earlier migrations or PGlite versions (and the tarballs of earlier builds) are of no further use. */
function removeOtherTemplates(current: string) {
  const dir = path.dirname(current);
  const keep = path.basename(current).replace(new RegExp(`${PREPARED_SUFFIX}$`), '');
  for (const name of readdirSync(dir)) {
    // The current migrations' two templates (prepared and plain) stay, with their partial builds.
    if (name.startsWith('pglite-template-') && !name.startsWith(keep)) {
      rmSync(path.join(dir, name), { recursive: true, force: true });
    }
  }
}

/**
 * PGlite names the entries from the data directory's root ("/base/1/1255"): they land inside `dir`.
 * node-tar is loaded here only: a start or a command on an existing database never unpacks.
 */
async function unpackTarball(tarball: Buffer, dir: string) {
  const { UnpackSync } = await import('tar');
  mkdirSync(dir, { recursive: true });
  const problems: string[] = [];
  new UnpackSync({ cwd: dir, onwarn: (code, message) => code !== 'TAR_ENTRY_INFO' && problems.push(`${code} ${message}`) }).end(tarball);
  if (problems.length > 0 || !existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new Error(`the PGlite template could not be unpacked into ${dir}: ${problems.join('; ') || 'no PG_VERSION'}`);
  }
}

/**
 * Writes the template's files into `dir` (a fresh data directory), which PGlite then opens as any
 * existing one. PGlite's own `loadDataDir` copies a tarball through its Emscripten file system in
 * small writes: several times a plain open of the result, most of a fresh install's first start.
 */
export async function unpackPgliteTemplate(dir: string, migrationsFolder: string, startParams: string[]): Promise<void> {
  const template = await ensurePgliteTemplate(migrationsFolder, startParams);
  // Copied beside and renamed into place: a start killed half-way leaves no half database behind.
  const unpacking = `${dir}.unpacking-${process.pid}`;
  rmSync(unpacking, { recursive: true, force: true });
  try {
    if ('dir' in template) await copyDirectory(template.dir, unpacking);
    else await unpackTarball(template.tarball, unpacking);
  } catch (error) {
    rmSync(unpacking, { recursive: true, force: true });
    throw error;
  }
  // `dir` holds no database (no PG_VERSION): whatever it holds is an earlier start's leftover.
  rmSync(dir, { recursive: true, force: true });
  renameSync(unpacking, dir);
}

/** How many files copyDirectory copies at once: libuv's pool has four threads, and the server's modules load through it meanwhile. */
const COPY_CONCURRENCY = 2;

/**
 * A copy of a directory tree (files' and folders' modes kept, as cpSync's), whose files are copied
 * on libuv's threads. A fresh install copies the template (~1,400 files, ~42 MB): with cpSync the
 * server's thread waited for every file and loaded no module meanwhile (3.3 s of a first start's CPU
 * profile on the shared 2-core machine, all of it before main.ts could load the rest of the server;
 * cpSync of the template alone took 2.2-3.0 s there); now the rest of the server loads while the
 * files are copied.
 */
export async function copyDirectory(from: string, to: string): Promise<void> {
  const files: string[] = [];
  const makeFolders = (relative: string) => {
    const source = path.join(from, relative);
    const target = path.join(to, relative);
    mkdirSync(target);
    chmodSync(target, statSync(source).mode & 0o7777);
    for (const entry of readdirSync(source, { withFileTypes: true })) {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) makeFolders(child);
      else if (entry.isFile()) files.push(child);
      else throw new Error(`${path.join(from, child)}: not a file or a folder; the template is copied file by file`);
    }
  };
  makeFolders('');
  let next = 0;
  const worker = async () => {
    // copyFile keeps the file's mode.
    while (next < files.length) {
      const file = files[next++]!;
      await copyFile(path.join(from, file), path.join(to, file));
    }
  };
  await Promise.all(Array.from({ length: COPY_CONCURRENCY }, worker));
}
