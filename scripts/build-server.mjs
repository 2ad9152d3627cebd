#!/usr/bin/env node
// Compiles the server and the CLI (TypeScript, with the contracts package) into apps/server/dist,
// so that `npm start` and `npm run fueldesk` run plain JavaScript instead of transpiling every
// module with tsx at each start. The pure-JavaScript packages every start loads are bundled in too
// (BUNDLED below): Node's loader resolved and read several hundred small files of them, a share of
// a restart; the others stay in node_modules.
// `node scripts/build-server.mjs --if-stale` rebuilds only when a source is newer than the build;
// `--outdir DIR` builds elsewhere (inside the repository, so that node_modules is found).
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
export const serverDist = path.join(server, 'dist');
// Written last: an interrupted build is redone.
const stamp = path.join(serverDist, '.build-complete');

/**
 * The newest modification time in a file or a folder tree (0 when missing). Every `npm start` walks
 * the sources (~1,000 entries) before starting the server: one stat an entry (no existsSync before
 * it) and no path.join, ~20 -> ~10 ms of a restart on the shared 2-core machine.
 */
export function newestMtime(target) {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(target)) {
    const time = newestMtime(`${target}${path.sep}${name}`);
    if (time > newest) newest = time;
  }
  return newest;
}

export function serverBuildIsStale() {
  if (!existsSync(stamp)) return true;
  const inputs = [
    path.join(server, 'src'),
    path.join(server, 'package.json'),
    path.join(root, 'packages/contracts/src'),
    fileURLToPath(import.meta.url),
  ];
  return statSync(stamp).mtimeMs < Math.max(...inputs.map(newestMtime));
}

// A few modules find files next to their source (migrations, the web build, the legal texts):
// in the bundle, import.meta.url is rewritten to the original file's URL, relative to the bundle.
const keepSourceLocation = (outdir) => ({
  name: 'keep-source-location',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /apps[\\/]server[\\/]src[\\/].*\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const relative = path.relative(outdir, args.path).split(path.sep).join('/');
      return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`), loader: 'ts' };
    });
  },
});

/**
 * node-postgres picks its socket functions when it loads (pg/lib/stream.js), asking first whether it runs
 * in a Cloudflare Worker: on Node.js 20, which has no `navigator`, that check constructs a `Response`, and
 * that loads Node's whole fetch implementation (undici). Every server start required pg (on PGlite too,
 * through pg-boss) and paid for it before its first answer: ~15-40 ms of a restart in CPU profiles, ~3 MB
 * of heap kept. The bundle runs on Node.js only, so the check is answered at build time. When a new pg
 * words it otherwise, its file is bundled as it is (the compiled-build test says so).
 */
const nodeOnlyPgStream = {
  name: 'node-only-pg-stream',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]node_modules[\\/]pg[\\/]lib[\\/]stream\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const check = 'if (isCloudflareRuntime()) {';
      if (!source.includes(check)) return undefined;
      return { contents: source.replace(check, 'if (false) {'), loader: 'js' };
    });
  },
};

/**
 * Bundled: what the server loads at every start, written in plain JavaScript that finds no file of
 * its own at run time. Left in node_modules: native code (@node-rs/argon2), WebAssembly and data
 * files (PGlite, pdfkit's fonts, swagger-ui's pages, email-providers' JSON), pino (its transports
 * start worker threads by file name), and the SDKs loaded only when used (plaid, openai, ioredis,
 * nodemailer).
 */
const BUNDLED = new Set([
  // The workspace's own contracts are TypeScript source: always compiled into the bundle.
  '@fueldesk/contracts',
  'fastify',
  'fastify-plugin',
  'fastify-type-provider-zod',
  '@fastify/cors',
  '@fastify/helmet',
  '@fastify/rate-limit',
  '@fastify/swagger',
  '@fastify/under-pressure',
  'zod',
  'drizzle-orm',
  'jose',
  'pg',
  'pg-boss',
  'any-ascii',
]);

/** Builds into apps/server/dist, or another folder inside the repository (node_modules must be above it). */
export async function buildServer(outdir = serverDist) {
  const pkg = JSON.parse(readFileSync(path.join(server, 'package.json'), 'utf8'));
  rmSync(outdir, { recursive: true, force: true });
  // Loaded here only: `npm start` on an up-to-date build does not pay for esbuild's import.
  const { build } = await import('esbuild');
  const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})].filter((name) => !BUNDLED.has(name));
  const common = { bundle: true, platform: 'node', target: 'node20', sourcemap: 'linked', external, plugins: [keepSourceLocation(outdir), nodeOnlyPgStream], logLevel: 'warning' };
  await Promise.all([
    build({
      ...common,
      entryPoints: {
        // The server's entry: runs main-bundle.cjs through V8's code cache (src/boot.ts, src/lib/code-cache.ts).
        main: path.join(server, 'src/boot.ts'),
        cli: path.join(server, 'src/cli.ts'),
        'database-template': path.join(server, 'src/db/database-template.ts'),
        // The second half of a fresh clone's first `npm start` on PGlite (scripts/database-template.mjs).
        'fresh-database': path.join(server, 'src/db/fresh-database.ts'),
      },
      outdir,
      splitting: true,
      format: 'esm',
      // The bundled packages are CommonJS calling require(): give the ES module output one.
      banner: { js: "import { createRequire as __fueldeskCreateRequire } from 'node:module'; const require = __fueldeskCreateRequire(import.meta.url);" },
    }),
    // The server itself as one CommonJS file: Node 20 keeps no compiled code of ES modules between starts,
    // and a script's code cache is V8's to write and read (the restart's CPU time, README's Benchmarks).
    // Its own dynamic imports become lazily run parts of the file; those of packages left in
    // node_modules (the workbook readers, the SDKs) stay import() calls, run by Node's loader.
    build({
      ...common,
      entryPoints: { 'main-bundle': path.join(server, 'src/main.ts') },
      outdir,
      format: 'cjs',
      outExtension: { '.js': '.cjs' },
      supported: { 'dynamic-import': true },
      define: { 'import.meta.url': '__fueldeskImportMetaUrl' },
      banner: { js: `const __fueldeskImportMetaUrl = require('node:url').pathToFileURL(__filename).href; ${IMPORT_HOOK_BANNER}` },
    }),
  ]);
  importThroughEntry(path.join(outdir, 'main-bundle.cjs'), external);
  asciiOnly(outdir);
  writeFileSync(path.join(outdir, '.build-complete'), new Date().toISOString());
}

/**
 * The CommonJS bundle's import() of a package left in node_modules calls __fueldeskImport instead
 * (IMPORT_HOOK_BANNER): on Node.js 20, a script compiled from V8's code cache (src/lib/code-cache.ts) has
 * lost its dynamic-import callback, and each such import() failed with ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING
 * once the cache was accepted (sign-in with REDIS_URL answered 500: the Redis rate limiter is imported so;
 * the workbook reader too). Rewritten in the output, where types are gone and esbuild prints `import("name")`.
 */
function importThroughEntry(file, external) {
  const text = readFileSync(file, 'utf8');
  const rewritten = text.replace(/(?<![\w$.])import\("([^"]+)"\)/g, (call, specifier) =>
    external.some((name) => specifier === name || specifier.startsWith(`${name}/`)) ? `__fueldeskImport(${JSON.stringify(specifier)})` : call,
  );
  if (rewritten !== text) writeFileSync(file, rewritten);
}

/**
 * The bundle's import(): the one the entry (src/boot.ts, an ES module, whose import() works) registers, or
 * Node's own when the bundle runs without that entry.
 */
const IMPORT_HOOK_BANNER = "const __fueldeskImport = globalThis[Symbol.for('fueldesk.import')] ?? ((specifier) => import(specifier));";

/**
 * Rewrites every character beyond ASCII in the output as a \u escape. esbuild already escapes them in
 * strings, templates, regular expressions and names (its default `charset: 'ascii'`) but keeps the
 * comments it carries over as written, and one such character (an ellipsis, a dash) in a comment makes
 * V8 hold that whole module's source as two-byte text: the 1.5 MB server chunk took 2.9 MB of the
 * heap, the chunks of zod, drizzle and the rest as much again (strings in the heap 14.1 -> 10.6 MB,
 * heap snapshots after the bench's import and load run). An escape means the same character in a string, a regular expression or a name, and is
 * inert text in a comment.
 */
function asciiOnly(outdir) {
  for (const name of readdirSync(outdir)) {
    if (!name.endsWith('.js') && !name.endsWith('.cjs')) continue;
    const file = path.join(outdir, name);
    const text = readFileSync(file, 'utf8');
    if (!NON_ASCII.test(text)) continue;
    writeFileSync(file, text.replace(NON_ASCII_ALL, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`));
  }
}

// Per UTF-16 code unit (no `u` flag): a character beyond the BMP becomes its two surrogate escapes, which
// is how a string or a regular expression without `u` spells it, and what one with `u` reads as one.
const NON_ASCII = /[\u0080-\uffff]/;
const NON_ASCII_ALL = /[\u0080-\uffff]/g;

/**
 * The migrated PGlite data directory a fresh embedded install copies (apps/server/src/db/pglite-template.ts),
 * made now when the cache has none for the current migrations, so that no first start pays for initdb.
 * A child process: PGlite's WebAssembly memory is not kept by the caller (`npm start` runs the server next).
 */
export function buildDatabaseTemplate(outdir = serverDist) {
  const result = spawnSync(process.execPath, [path.join(outdir, 'database-template.js')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('could not make the PGlite template (see above)');
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  if (process.argv.includes('--if-stale') && !serverBuildIsStale()) process.exit(0);
  const outdirIndex = process.argv.indexOf('--outdir');
  const outdir = outdirIndex > 0 ? path.resolve(process.argv[outdirIndex + 1]) : serverDist;
  await buildServer(outdir);
  buildDatabaseTemplate(outdir);
}
