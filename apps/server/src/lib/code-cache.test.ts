import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { codeCacheFile, codeCacheState, registerCodeCache, runCachedScript, saveCodeCache } from './code-cache';

const dir = mkdtempSync(path.join(tmpdir(), 'fd-code-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const RESULT = Symbol.for('fueldesk.codeCacheTest');
/** A CommonJS "bundle" that leaves what it computed where the test reads it; `version` changes its code, not its length. */
const bundleSource = (version: number) => `
'use strict';
const path = require('node:path');
function lazilyCompiled(n) { let total = 0; for (let i = 0; i < n; i += 1) total += i; return total; }
globalThis[Symbol.for('fueldesk.codeCacheTest')] = { version: ${version}, sum: lazilyCompiled(10), file: path.basename(__filename), exported: module === undefined ? null : typeof exports };
`;
const result = () => (globalThis as Record<symbol, unknown>)[RESULT];

function setUp(name: string, version = 1) {
  const bundle = path.join(dir, `${name}.cjs`);
  writeFileSync(bundle, bundleSource(version));
  return { bundle, cache: `${bundle}.v8-cache` };
}

describe('runCachedScript', () => {
  it('runs the bundle, writes its code cache when asked, and compiles from that cache at the next run', () => {
    const { bundle, cache } = setUp('fresh');
    const first = runCachedScript(bundle, cache);
    expect(first.state).toBe('none');
    expect(result()).toEqual({ version: 1, sum: 45, file: 'fresh.cjs', exported: 'object' });
    expect(existsSync(cache)).toBe(false);
    expect(first.save()).toBe(true);
    expect(first.save()).toBe(false);
    expect(existsSync(cache)).toBe(true);

    const second = runCachedScript(bundle, cache);
    expect(second.state).toBe('accepted');
    expect(result()).toEqual({ version: 1, sum: 45, file: 'fresh.cjs', exported: 'object' });
    // An accepted cache is not written again.
    const written = readFileSync(cache);
    expect(second.save()).toBe(false);
    expect(readFileSync(cache).equals(written)).toBe(true);
  });

  it('ignores the cache of another build of the bundle, even of the same length, and replaces it', () => {
    const { bundle, cache } = setUp('rebuilt', 1);
    runCachedScript(bundle, cache).save();
    writeFileSync(bundle, bundleSource(2));
    expect(bundleSource(2).length).toBe(bundleSource(1).length);

    const run = runCachedScript(bundle, cache);
    expect(run.state).toBe('stale');
    expect(result()).toMatchObject({ version: 2, sum: 45 });
    expect(run.save()).toBe(true);
    expect(runCachedScript(bundle, cache).state).toBe('accepted');
    expect(result()).toMatchObject({ version: 2 });
  });

  it('ignores a cache written by another Node.js or under other command-line flags', () => {
    const { bundle, cache } = setUp('other-runtime');
    runCachedScript(bundle, cache).save();
    const file = readFileSync(cache);
    const headerLength = file.readUInt32LE(8);
    const header = JSON.parse(file.toString('utf8', 16, 16 + headerLength)) as Record<string, unknown>;
    for (const change of [{ node: 'v0.0.0' }, { execArgv: ['--max-old-space-size=64'] }]) {
      const json = Buffer.from(JSON.stringify({ ...header, ...change }));
      const prefix = Buffer.from(file.subarray(0, 16));
      prefix.writeUInt32LE(json.length, 8);
      writeFileSync(cache, Buffer.concat([prefix, json, file.subarray(16 + headerLength)]));
      expect(runCachedScript(bundle, cache).state).toBe('stale');
      expect(result()).toMatchObject({ version: 1, sum: 45 });
    }
  });

  it('ignores a damaged cache file and still runs the bundle', () => {
    const { bundle, cache } = setUp('damaged');
    runCachedScript(bundle, cache).save();
    const intact = readFileSync(cache);

    // One byte of V8's code changed: V8 itself would not notice in a release build.
    const flipped = Buffer.from(intact);
    flipped[flipped.length - 10] ^= 0xff;
    const truncated = intact.subarray(0, intact.length - 100);
    const headerCut = intact.subarray(0, 20);
    for (const damaged of [flipped, truncated, headerCut, Buffer.from('not a cache at all'), Buffer.alloc(0)]) {
      writeFileSync(cache, damaged);
      const run = runCachedScript(bundle, cache);
      expect(run.state).toBe('corrupt');
      expect(result()).toMatchObject({ version: 1, sum: 45 });
    }
    // A damaged file is replaced at the next save.
    const run = runCachedScript(bundle, cache);
    expect(run.save()).toBe(true);
    const rewritten = readFileSync(cache);
    expect(crc32(rewritten.subarray(16 + rewritten.readUInt32LE(8)))).toBe(rewritten.readUInt32LE(12));
    expect(runCachedScript(bundle, cache).state).toBe('accepted');
  });

  it('reports a cache folder it cannot write to as not written', () => {
    const { bundle } = setUp('unwritable');
    const run = runCachedScript(bundle, path.join(dir, 'no-such-folder', 'x.v8-cache'));
    expect(run.save()).toBe(false);
  });
});

describe('the server-side hooks', () => {
  it('do nothing when the server runs from its sources, and reach the entry registered run otherwise', () => {
    const key = Symbol.for('fueldesk.codeCache');
    const saved = (globalThis as Record<symbol, unknown>)[key];
    try {
      delete (globalThis as Record<symbol, unknown>)[key];
      expect(codeCacheState()).toBeUndefined();
      expect(() => saveCodeCache()).not.toThrow();

      const { bundle, cache } = setUp('hooks');
      registerCodeCache(runCachedScript(bundle, cache));
      expect(codeCacheState()).toBe('none');
      saveCodeCache();
      expect(existsSync(cache)).toBe(true);
    } finally {
      (globalThis as Record<symbol, unknown>)[key] = saved;
    }
  });
});

describe('codeCacheFile', () => {
  it('names one cache per database kind, as loadConfig reads DATABASE_URL', () => {
    expect(codeCacheFile('/b/main-bundle.cjs', {})).toBe('/b/main-bundle.cjs.pglite.v8-cache');
    expect(codeCacheFile('/b/main-bundle.cjs', { DATABASE_URL: '' })).toBe('/b/main-bundle.cjs.pglite.v8-cache');
    expect(codeCacheFile('/b/main-bundle.cjs', { DATABASE_URL: 'memory://' })).toBe('/b/main-bundle.cjs.pglite.v8-cache');
    expect(codeCacheFile('/b/main-bundle.cjs', { DATABASE_URL: 'postgres://u@h:5432/db' })).toBe('/b/main-bundle.cjs.postgres.v8-cache');
  });
});
