import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
      .filter((name) => /\.c?js$/.test(name))
      .filter((name) => /[\u0080-\uffff]/.test(readFileSync(path.join(outdir, name), 'utf8')));
    expect(beyondAscii).toEqual([]);
    // The workbook readers are loaded when a workbook is read, not by every start (their source stays in the heap).
    const workbookImports = readdirSync(outdir)
      .filter((name) => /\.c?js$/.test(name))
      .filter((name) =>
        /\bfrom\s*["'](?:@e965\/xlsx|exceljs)["']|\bimport\s*["'](?:@e965\/xlsx|exceljs)["']|\brequire\(["'](?:@e965\/xlsx|exceljs)["']\)/.test(
          readFileSync(path.join(outdir, name), 'utf8'),
        ),
      );
    expect(workbookImports).toEqual([]);
    // node-postgres' Cloudflare check is answered at build time (scripts/build-server.mjs nodeOnlyPgStream): on
    // Node.js 20 it constructed a Response, loading Node's fetch implementation with every start.
    const bundle = readFileSync(path.join(outdir, 'main-bundle.cjs'), 'utf8');
    expect(bundle).toContain('return getNodejsStreamFuncs();');
    expect(bundle).not.toContain('isCloudflareRuntime()');
    // Its import() of packages goes through the entry's (scripts/build-server.mjs importThroughEntry): Node 20
    // gives a script compiled from V8's code cache no dynamic-import callback.
    expect(bundle).not.toMatch(/(?<![\w$.])import\("(?:@e965\/xlsx|rate-limiter-flexible|tar)"\)/);
    expect(bundle).toContain('__fueldeskImport("rate-limiter-flexible")');
    expect(readFileSync(path.join(outdir, 'main.js'), 'utf8')).toMatch(/Symbol\.for\("fueldesk\.import"\)\] = \(specifier\) => import\(specifier\)/);

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

  it('starts the server from its bundle, writes its code cache before its first answer, and compiles from it at the next start', async () => {
    // Runs after the test above (the build, the migrated database).
    const cache = path.join(outdir, 'main-bundle.cjs.pglite.v8-cache');
    expect(existsSync(cache)).toBe(false);
    // Stopped as soon as /api/health answers, as bench/run-all.mjs stops its starts: the cache is there already.
    await startOnce('first answer');
    expect(existsSync(cache)).toBe(true);
    // Stopped that early it still closed its database (server.ts): PGlite removes its postmaster.pid when it
    // shuts down, and a directory left without that replayed its WAL at the next open.
    expect(existsSync(path.join(dataDir, 'pglite', 'postmaster.pid'))).toBe(false);
    // One cache per database kind (lib/code-cache.ts): a PostgreSQL start would read its own.
    expect(existsSync(path.join(outdir, 'main-bundle.cjs.postgres.v8-cache'))).toBe(false);
    // V8 rejects a cache written under other flags than the start's (lib/code-cache.ts, boot.ts): accepted here.
    expect(await startOnce('start logged')).toBe('accepted');
  }, 180_000);
});

/**
 * Starts the compiled server (as `npm start` does) and stops it once /api/health answered ('first answer') or
 * once it logged its start-up line, written after the job queue started ('start logged'); resolves with the
 * code cache's state that line gives (undefined when stopped before it).
 */
function startOnce(stopAt: 'first answer' | 'start logged'): Promise<string | undefined> {
  const child = spawn(process.execPath, ['--max-semi-space-size=2', path.join(outdir, 'main.js')], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, NODE_ENV: 'development', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    let stopping = false;
    const startLine = () => output.split('\n').find((text) => text.includes('"startup_ms"'));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (stopping) return;
      if (stopAt === 'start logged') {
        if (!startLine()) return;
        stopping = true;
        child.kill('SIGTERM');
        return;
      }
      const address = /Server listening at (http:\/\/[^"\s]+)/.exec(output)?.[1];
      if (!address) return;
      stopping = true;
      void fetch(`${address}/api/health`).then(
        (response) => (response.ok ? child.kill('SIGTERM') : reject(new Error(`/api/health answered ${response.status}`))),
        reject,
      );
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => {
      if (!stopping) return reject(new Error(`the server exited (${code}) before listening:\n${output}`));
      // A graceful stop at any moment of the start: the signal handled, the process ended by itself.
      if (code !== 0) return reject(new Error(`the server stopped by ${signal ?? `exit code ${code}`}, not gracefully:\n${output}`));
      const line = startLine();
      resolve(line ? (JSON.parse(line) as { code_cache?: string }).code_cache : undefined);
    });
  });
}
