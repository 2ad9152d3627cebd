import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { crc32 } from 'node:zlib';

/**
 * Runs a CommonJS bundle through V8's code cache (scripts/build-server.mjs builds the server as one).
 * Node 20 caches no compiled code of ES modules (module.enableCompileCache is Node 22): every start
 * parsed and compiled the server's modules again, and then each function the start calls. Here the
 * bundle is compiled with the code V8 wrote at an earlier start (saveCodeCache, once the server is
 * listening, so that the functions compiled lazily during the start are in it too).
 *
 * The cache file is ours to check, before V8 sees it: V8 checks its own version and flags but knows the
 * source only by its length, and checks no checksum of the code in a release build. A cache is used
 * only when it was written for this very bundle (its length and CRC-32), by this Node.js on this
 * architecture with the same command-line flags, and its bytes are intact (their CRC-32); otherwise
 * the bundle is compiled from its source and a new cache is written at the next save.
 */

const MAGIC = 'FDV8CC01';

export type CodeCacheState = 'none' | 'accepted' | 'stale' | 'corrupt' | 'rejected';

export interface CachedScriptRun {
  /** What became of the cache file: none, accepted by V8, stale (another bundle or runtime), corrupt, or rejected by V8. */
  state: CodeCacheState;
  /**
   * Writes the cache file (atomically: a temporary file renamed) unless the one read was accepted, or V8
   * rejected one written for this same bundle and runtime (writing it again would not change that).
   * Returns whether it wrote. A failure to write (a read-only build folder) is not an error.
   */
  save(): boolean;
}

interface CacheHeader {
  sourceLength: number;
  sourceCrc: number;
  node: string;
  arch: string;
  execArgv: string[];
}

function headerFor(source: Buffer): CacheHeader {
  return { sourceLength: source.length, sourceCrc: crc32(source), node: process.version, arch: process.arch, execArgv: process.execArgv };
}

/** The cache's code when the file is intact and was written for `expected`; why not otherwise. */
function readCache(cacheFile: string, expected: CacheHeader): { state: 'none' | 'stale' | 'corrupt' } | { state: 'ok'; data: Buffer } {
  let file: Buffer;
  try {
    file = readFileSync(cacheFile);
  } catch {
    return { state: 'none' };
  }
  if (file.length < 16 || file.toString('latin1', 0, 8) !== MAGIC) return { state: 'corrupt' };
  const headerLength = file.readUInt32LE(8);
  const dataStart = 16 + headerLength;
  if (dataStart > file.length) return { state: 'corrupt' };
  const data = file.subarray(dataStart);
  if (crc32(data) !== file.readUInt32LE(12)) return { state: 'corrupt' };
  let header: CacheHeader;
  try {
    header = JSON.parse(file.toString('utf8', 16, dataStart)) as CacheHeader;
  } catch {
    return { state: 'corrupt' };
  }
  return JSON.stringify(header) === JSON.stringify(expected) ? { state: 'ok', data } : { state: 'stale' };
}

/**
 * Compiles and runs the CommonJS file `bundle` (ASCII only, as the server build writes it) with the code
 * cache in `cacheFile`. Its `import()` calls go to Node's own loader.
 */
export function runCachedScript(bundle: string, cacheFile: string): CachedScriptRun {
  const source = readFileSync(bundle);
  const header = headerFor(source);
  const cache = readCache(cacheFile, header);
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source.toString('latin1')}\n})`, {
    filename: bundle,
    cachedData: cache.state === 'ok' ? cache.data : undefined,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const state: CodeCacheState = cache.state === 'ok' ? (script.cachedDataRejected ? 'rejected' : 'accepted') : cache.state;
  const module = { exports: {} };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(bundle), module, bundle, path.dirname(bundle));
  let saved = false;
  return {
    state,
    save() {
      if (saved || state === 'accepted' || state === 'rejected') return false;
      saved = true;
      const json = Buffer.from(JSON.stringify(header));
      const data = script.createCachedData();
      const prefix = Buffer.alloc(16);
      prefix.write(MAGIC, 0, 'latin1');
      prefix.writeUInt32LE(json.length, 8);
      prefix.writeUInt32LE(crc32(data), 12);
      const temporary = `${cacheFile}.${process.pid}.tmp`;
      try {
        writeFileSync(temporary, Buffer.concat([prefix, json, data]));
        renameSync(temporary, cacheFile);
        return true;
      } catch {
        return false;
      }
    },
  };
}

/**
 * The cache file of `bundle` for the database the server is about to open: one per kind. A start compiles
 * other functions on PGlite (its client, the directory lock, its parsers) than on PostgreSQL
 * (node-postgres and its pool), and V8 deserialises a whole cache: one written by a PGlite start held
 * PGlite's functions in every PostgreSQL server's heap, and lacked node-postgres'. Read from the
 * environment as loadConfig reads DATABASE_URL (empty or memory:// is the embedded database).
 */
export function codeCacheFile(bundle: string, env: NodeJS.ProcessEnv = process.env): string {
  const url = env.DATABASE_URL;
  const kind = url && !url.startsWith('memory://') ? 'postgres' : 'pglite';
  return `${bundle}.${kind}.v8-cache`;
}

const SAVER = Symbol.for('fueldesk.codeCache');

/** Lets the server, which runs inside the bundle (its own copy of this module), see and save the cache. */
export function registerCodeCache(run: CachedScriptRun) {
  (globalThis as Record<symbol, unknown>)[SAVER] = run;
}

function registered(): CachedScriptRun | undefined {
  return (globalThis as Record<symbol, CachedScriptRun | undefined>)[SAVER];
}

/** What became of the code cache at this start (logged with the start-up time); undefined when running from the sources. */
export function codeCacheState(): CodeCacheState | undefined {
  return registered()?.state;
}

/**
 * Writes the code cache of the running bundle when there is one to write (the entry registered it);
 * nothing when the server runs from its TypeScript sources. Called as soon as the server listens, before
 * it answers a request (a start stopped right after its first answer, as the benches do, still leaves a
 * cache), and before any V8 flag changes: V8 rejects a cache written under other flags.
 */
export function saveCodeCache() {
  registered()?.save();
}
