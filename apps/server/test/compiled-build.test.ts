import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` and `npm run fueldesk` run the esbuild bundle, not the TypeScript: it must find the
// migrations, the web build and the legal texts from wherever its chunks are.
const root = path.resolve(__dirname, '../../..');
const outdir = path.join(root, 'apps/server', `dist-test-${process.pid}-${Date.now()}`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'fd-compiled-'));

afterAll(() => {
  rmSync(outdir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server build', () => {
  it('builds, and its CLI migrates an empty embedded database', () => {
    const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs'), '--outdir', outdir], { encoding: 'utf8' });
    expect(build.stderr).toBe('');
    expect(build.status).toBe(0);
    expect(readFileSync(path.join(outdir, '.build-complete'), 'utf8')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // ASCII only (scripts/build-server.mjs asciiOnly): V8 then holds each module's source as one-byte text.
    const beyondAscii = readdirSync(outdir)
      .filter((name) => name.endsWith('.js'))
      .filter((name) => /[\u0080-\uffff]/.test(readFileSync(path.join(outdir, name), 'utf8')));
    expect(beyondAscii).toEqual([]);
    // The workbook readers are loaded when a workbook is read, not by every start (their source stays in the heap).
    const workbookImports = readdirSync(outdir)
      .filter((name) => name.endsWith('.js'))
      .filter((name) => /\bfrom\s*["'](?:@e965\/xlsx|exceljs)["']|\bimport\s*["'](?:@e965\/xlsx|exceljs)["']/.test(readFileSync(path.join(outdir, name), 'utf8')));
    expect(workbookImports).toEqual([]);

    const migrate = spawnSync(process.execPath, [path.join(outdir, 'cli.js'), 'migrate'], {
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, NODE_ENV: 'development' },
      timeout: 120_000,
    });
    expect(migrate.stderr).toBe('');
    expect(migrate.stdout).toContain('Migrations applied (pglite).');
    expect(migrate.status).toBe(0);
    // A fresh PGlite directory runs initdb: slow on a busy machine.
  }, 180_000);
});
