import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JEMALLOC_CONF, JEMALLOC_PATHS, jemallocEnvironment } from '../../../scripts/jemalloc.mjs';

// `npm start` runs the server with jemalloc when the system has it (scripts/jemalloc.mjs).
const root = path.resolve(__dirname, '../../..');
const debianPath = '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2';

describe('jemallocEnvironment', () => {
  it('preloads the first library found, with our settings', () => {
    const found = (file: string) => file === '/usr/lib64/libjemalloc.so.2' || file === '/usr/lib/libjemalloc.so.2';
    expect(jemallocEnvironment({}, { exists: found, platform: 'linux' })).toEqual({ LD_PRELOAD: '/usr/lib64/libjemalloc.so.2', MALLOC_CONF: JEMALLOC_CONF });
    expect(JEMALLOC_PATHS).toContain(debianPath);
  });

  it("keeps the user's MALLOC_CONF", () => {
    expect(jemallocEnvironment({ MALLOC_CONF: 'narenas:1' }, { exists: () => true, platform: 'linux' })).toEqual({ LD_PRELOAD: JEMALLOC_PATHS[0], MALLOC_CONF: 'narenas:1' });
  });

  it("adds nothing when the user set LD_PRELOAD (even empty), off Linux, or without the library", () => {
    expect(jemallocEnvironment({ LD_PRELOAD: '' }, { exists: () => true, platform: 'linux' })).toEqual({});
    expect(jemallocEnvironment({ LD_PRELOAD: '/opt/other.so' }, { exists: () => true, platform: 'linux' })).toEqual({});
    expect(jemallocEnvironment({}, { exists: () => true, platform: 'darwin' })).toEqual({});
    expect(jemallocEnvironment({}, { exists: () => false, platform: 'linux' })).toEqual({});
  });

  it('adds nothing on PostgreSQL, where glibc left less memory after a load run', () => {
    expect(jemallocEnvironment({ DATABASE_URL: 'postgres://127.0.0.1/fueldesk' }, { exists: () => true, platform: 'linux' })).toEqual({});
    expect(jemallocEnvironment({ DATABASE_URL: '' }, { exists: () => true, platform: 'linux' })).toEqual({ LD_PRELOAD: JEMALLOC_PATHS[0], MALLOC_CONF: JEMALLOC_CONF });
  });

  it('loads jemalloc into a Node process where the system has it, and jemalloc accepts the settings', () => {
    const { LD_PRELOAD: _ignored, MALLOC_CONF: _alsoIgnored, DATABASE_URL: _embedded, ...env } = process.env;
    const added = jemallocEnvironment(env);
    const child = spawnSync(process.execPath, ['-e', "process.stdout.write(String(require('fs').readFileSync('/proc/self/maps', 'utf8').includes('libjemalloc')))"], {
      env: { ...env, ...added },
      encoding: 'utf8',
    });
    expect(child.status).toBe(0);
    const present = process.platform === 'linux' && JEMALLOC_PATHS.some((file) => existsSync(file));
    expect(child.stdout).toBe(String(present));
    // jemalloc reports a setting it does not know on stderr ("<jemalloc>: Invalid conf pair").
    expect(child.stderr).not.toContain('<jemalloc>');
  });
});

describe('scripts/start.mjs', () => {
  it("passes jemalloc's variables to the server it spawns", () => {
    const source = readFileSync(path.join(root, 'scripts/start.mjs'), 'utf8');
    expect(source).toContain("import { jemallocEnvironment } from './jemalloc.mjs';");
    expect(source).toMatch(/env: \{\s*\.\.\.process\.env,\s*GLIBC_TUNABLES,\s*DATA_DIR: dataDir,\s*\.\.\.jemallocEnvironment\(process\.env\),/);
  });
});
