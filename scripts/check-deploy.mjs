#!/usr/bin/env node
// The production image's steps without Docker (this machine has no Docker daemon), read from the
// Dockerfile itself so that the check follows it:
//   1. build stage: `npm run build` in this worktree (web app and compiled server);
//   2. deps stage: the Dockerfile's `npm ci --omit=dev …` on a temporary copy of the package files
//      (from the npm cache with --offline, the default; --online lets npm download);
//   3. runtime stage: the Dockerfile's `COPY --from=…` into a temporary /app, then its CMD with its ENV
//      and NODE_ENV=production, with no other node_modules above it: only production dependencies resolve;
//   4. /api/health, /api/ready, the web app at /, the Dockerfile's HEALTHCHECK command, a worker
//      process (PROCESS_ROLE=worker) and SIGTERM ending both cleanly;
//   5. when nginx is installed: deploy/nginx.conf in front of two API processes (an event stream
//      through it, and every request answered while one process is stopped).
// On PostgreSQL (a scratch database, dropped after) when DATABASE_URL is set, else embedded PGlite.
//
//   node scripts/check-deploy.mjs [--skip-build] [--online] [--keep]
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createScratchDatabase } from './scratch-database.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The Dockerfile as stages of instructions: continuation lines joined, comments dropped. */
export function parseDockerfile(text) {
  const logical = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const args = {};
  const stages = [];
  for (const line of logical) {
    const [, instruction, rest] = line.match(/^(\S+)\s+(.*)$/) ?? [];
    if (!instruction) continue;
    const keyword = instruction.toUpperCase();
    if (keyword === 'ARG' && stages.length === 0) {
      const [name, value] = rest.split('=');
      args[name] = value;
    } else if (keyword === 'FROM') {
      const [, image, name] = rest.match(/^(\S+)(?:\s+AS\s+(\S+))?$/i) ?? [];
      stages.push({ image: image.replace(/\$\{(\w+)\}/g, (_, arg) => args[arg] ?? ''), name, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push({ keyword, value: rest });
    }
  }
  return { args, stages };
}

/** ENV of a stage: `ENV A=1 B=2` pairs. */
export function stageEnv(stage) {
  const env = {};
  for (const { value } of stage.instructions.filter((i) => i.keyword === 'ENV')) {
    for (const [, key, raw] of value.matchAll(/(\w+)=("[^"]*"|\S+)/g)) env[key] = raw.replace(/^"|"$/g, '');
  }
  return env;
}

/** `COPY --from=stage src dest` lines of a stage. */
export function stageCopies(stage) {
  return stage.instructions
    .filter((i) => i.keyword === 'COPY')
    .map(({ value }) => {
      const parts = value.split(/\s+/);
      const from = parts.find((part) => part.startsWith('--from='))?.slice('--from='.length) ?? null;
      const paths = parts.filter((part) => !part.startsWith('--'));
      return { from, sources: paths.slice(0, -1), dest: paths.at(-1) };
    });
}

/** A JSON exec form (`CMD ["node", …]`, `HEALTHCHECK … CMD [...]`) as an argument list. */
export function execForm(value) {
  const json = value.slice(value.indexOf('['));
  return JSON.parse(json);
}

function workdir(stage) {
  return stage.instructions.filter((i) => i.keyword === 'WORKDIR').at(-1)?.value ?? '/';
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function run(cmd, args, options) {
  const result = spawnSync(cmd, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result;
}

/** Starts a process of the image; resolves when `ready` says so, rejects if it exits first. */
function startProcess(command, { cwd, env, label }) {
  const child = spawn(command[0], command.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    exited,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      const result = await Promise.race([exited, sleep(35_000).then(() => null)]);
      if (!result) {
        child.kill('SIGKILL');
        throw new Error(`${label} did not stop within 35 s of SIGTERM`);
      }
      return result;
    },
  };
}

/** Polls /api/health until it answers 200; fails when the process exits first or after 120 s. */
async function waitForHealth(proc, base) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const early = await Promise.race([proc.exited, sleep(100).then(() => null)]);
    if (early) throw new Error(`the server exited (${early.code ?? early.signal}) before answering:\n${proc.output()}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no answer on ${base}/api/health within 120 s:\n${proc.output()}`);
  }
}

/** Reads a response body until `text` shows up; null when it does not within `ms`. */
async function readUntil(response, text, ms) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let seen = '';
  const timer = sleep(ms).then(() => null);
  for (;;) {
    const chunk = await Promise.race([reader.read(), timer]);
    if (!chunk || chunk.done) return null;
    seen += decoder.decode(chunk.value, { stream: true });
    if (seen.includes(text)) return seen;
  }
}

function hasNginx() {
  return spawnSync('nginx', ['-v'], { stdio: 'ignore' }).status === 0;
}

/**
 * deploy/nginx.conf in front of two API processes of the image, on this machine: the compose host
 * names become local ports, and Docker's resolver (127.0.0.11) is left out.
 */
async function checkThroughNginx({ cmd, app, env, work, pass }) {
  const secondPort = await freePort();
  const second = startProcess(cmd, { cwd: app, env: { ...env, PROCESS_ROLE: 'api', PORT: String(secondPort) }, label: 'the second API process' });
  const proxyPort = await freePort();
  const prefix = path.join(work, 'nginx');
  mkdirSync(prefix, { recursive: true });
  const site = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8')
    .replace(/^resolver .*$/m, '')
    .replaceAll(' resolve ', ' ')
    .replace('api1:3000', `127.0.0.1:${env.PORT}`)
    .replace('api2:3000', `127.0.0.1:${secondPort}`)
    .replace('listen 80;', `listen 127.0.0.1:${proxyPort};`);
  if (site.includes('api1:') || site.includes('api2:')) throw new Error('deploy/nginx.conf names API hosts other than api1:3000 and api2:3000');
  writeFileSync(path.join(prefix, 'site.conf'), site);
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}pid ${prefix}/nginx.pid;\nerror_log ${prefix}/error.log warn;\nevents {}\nhttp {\n  access_log off;\n` +
      `  client_body_temp_path ${prefix}/body;\n  proxy_temp_path ${prefix}/proxy;\n  include ${prefix}/site.conf;\n}\n`,
  );
  const nginx = startProcess(['nginx', '-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], { cwd: prefix, env: { PATH: process.env.PATH }, label: 'nginx' });
  const proxied = `http://127.0.0.1:${proxyPort}`;
  try {
    await waitForHealth(second, `http://127.0.0.1:${secondPort}`);
    await waitForHealth(nginx, proxied);
    pass(`deploy/nginx.conf (nginx -p …, ${spawnSync('nginx', ['-v'], { encoding: 'utf8' }).stderr.trim()}) answers /api/health through two API processes`);

    const admin = { email: 'check-deploy@fueldesk.test', password: 'Check-Deploy-2026' };
    const created = spawnSync(process.execPath, ['apps/server/dist/cli.js', 'create-admin', '--email', admin.email, '--password', admin.password], { cwd: app, env, encoding: 'utf8' });
    if (created.status !== 0) throw new Error(`create-admin failed: ${created.stdout}${created.stderr}`);
    const login = await fetch(`${proxied}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
    if (!login.ok) throw new Error(`sign-in through nginx answered ${login.status}`);
    const { access_token: accessToken } = await login.json();
    const tokenResponse = await fetch(`${proxied}/api/events/token`, { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } });
    const { token } = await tokenResponse.json();
    const abort = new AbortController();
    const stream = await fetch(`${proxied}/api/events?token=${encodeURIComponent(token)}`, { signal: abort.signal });
    const first = stream.ok ? await readUntil(stream, 'event: ready', 5_000) : null;
    abort.abort();
    if (!first) throw new Error(`the event stream through nginx did not deliver its first event within 5 s (${stream.status})`);
    pass('an event stream (/api/events) through nginx delivers its first event at once');

    const stopped = await second.stop();
    if (stopped.code !== 0) throw new Error(`the second API process ended with ${stopped.code ?? stopped.signal}`);
    const statuses = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await fetch(`${proxied}/api/ready`)).status);
    if (statuses.some((status) => status !== 200)) throw new Error(`with one API process stopped, nginx answered ${statuses.join(', ')}`);
    pass('with one API process stopped, every request through nginx still answers 200');
  } finally {
    await second.stop();
    await nginx.stop();
  }
}

async function main() {
  const argv = process.argv.slice(2);
  const skipBuild = argv.includes('--skip-build');
  const online = argv.includes('--online');
  const keep = argv.includes('--keep');
  const dockerfile = parseDockerfile(readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
  const byName = Object.fromEntries(dockerfile.stages.map((stage) => [stage.name, stage]));
  const runtime = dockerfile.stages.at(-1);
  const deps = byName.deps;
  if (!deps) throw new Error('the Dockerfile has no "deps" stage');
  const checks = [];
  const pass = (what) => {
    checks.push(what);
    console.log(`  ok  ${what}`);
  };

  // 1. build stage
  if (!skipBuild) {
    console.log('build stage: npm run build');
    run('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }

  const work = mkdtempSync(path.join(tmpdir(), 'fd-image-'));
  let database = null;
  try {
    // 2. deps stage, on a copy of what it COPYs.
    const depsDir = path.join(work, 'deps');
    for (const copy of stageCopies(deps)) {
      for (const source of copy.sources) {
        const target = copy.dest.endsWith('/') ? path.join(depsDir, copy.dest, path.basename(source)) : path.join(depsDir, copy.dest);
        mkdirSync(path.dirname(target), { recursive: true });
        cpSync(path.join(root, source), target);
      }
    }
    const install = deps.instructions.find((i) => i.keyword === 'RUN' && /\bnpm ci\b/.test(i.value));
    const ciArgs = install.value.split('&&')[0].trim().split(/\s+/).slice(1);
    console.log(`deps stage: npm ${ciArgs.join(' ')}${online ? '' : ' --offline'}`);
    const started = performance.now();
    run('npm', [...ciArgs, ...(online ? [] : ['--offline'])], { cwd: depsDir });
    console.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);

    // 3. runtime stage: its COPY lines, from the build (this worktree) and from the deps copy.
    const app = path.join(work, 'image', workdir(runtime).replace(/^\//, ''));
    for (const copy of stageCopies(runtime)) {
      const fromDir = copy.from === 'deps' ? depsDir : root;
      const stageRoot = copy.from ? workdir(byName[copy.from]) : null;
      for (const source of copy.sources) {
        // Sources of `--from=stage` are absolute paths inside that stage (its WORKDIR is the repository).
        const relative = stageRoot ? path.relative(stageRoot, source) : source;
        const target = path.resolve(app, copy.dest);
        if (!existsSync(path.join(fromDir, relative))) throw new Error(`COPY ${source}: ${relative} does not exist (was the build run?)`);
        cpSync(path.join(fromDir, relative), target, { recursive: true, verbatimSymlinks: true });
      }
    }
    for (const devOnly of ['vite', 'react', 'typescript', 'vitest', 'drizzle-kit', '@playwright/test', 'autocannon', 'smtp-server']) {
      if (existsSync(path.join(app, 'node_modules', devOnly))) throw new Error(`the runtime's node_modules holds ${devOnly}, a development dependency`);
    }
    pass('the runtime node_modules holds no development dependency (vite, react, typescript, vitest, drizzle-kit, playwright, autocannon, smtp-server)');
    if (existsSync(path.join(path.dirname(path.join(work, 'image')), 'node_modules')) || existsSync(path.join(tmpdir(), 'node_modules'))) {
      throw new Error('a node_modules folder above the temporary image would hide missing dependencies');
    }

    // 4. start it as the image does.
    const port = await freePort();
    database = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, 'fd_deploy') : null;
    const env = {
      PATH: process.env.PATH,
      ...stageEnv(runtime),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(work, 'data'),
      JWT_SECRET: randomBytes(48).toString('hex'),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    if (env.NODE_ENV !== 'production') throw new Error(`the image's NODE_ENV is ${env.NODE_ENV}, not production`);
    const cmd = execForm(runtime.instructions.find((i) => i.keyword === 'CMD').value);
    if (cmd.some((part) => /\btsx\b/.test(part))) throw new Error('the image runs tsx, not the compiled server');
    console.log(`runtime: ${cmd.join(' ')} (NODE_ENV=production, ${database ? 'PostgreSQL' : 'PGlite'})`);
    const api = startProcess(cmd, { cwd: app, env: { ...env, PROCESS_ROLE: 'api' }, label: 'the API process' });
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(api, base);
    pass('/api/health answers 200');
    const ready = await fetch(`${base}/api/ready`);
    const readyBody = await ready.json();
    if (ready.status !== 200 || readyBody.database !== (database ? 'postgres' : 'pglite')) throw new Error(`/api/ready: ${ready.status} ${JSON.stringify(readyBody)}`);
    pass(`/api/ready answers 200 on ${readyBody.database}`);
    const page = await fetch(`${base}/`);
    const html = await page.text();
    if (page.status !== 200 || !html.includes('<div id="root"')) throw new Error(`GET / answered ${page.status} without the web app`);
    pass('GET / serves the built web app');

    const healthcheck = runtime.instructions.find((i) => i.keyword === 'HEALTHCHECK');
    const probe = execForm(healthcheck.value);
    const probed = spawnSync(probe[0], probe.slice(1), { cwd: app, env, encoding: 'utf8', timeout: 10_000 });
    if (probed.status !== 0) throw new Error(`the HEALTHCHECK command failed (${probed.status}): ${probed.stderr}`);
    pass('the Dockerfile HEALTHCHECK command exits 0 against it');

    if (database) {
      // PGlite is one process per data directory; PostgreSQL takes a worker beside the API.
      const worker = startProcess(cmd, { cwd: app, env: { ...env, PROCESS_ROLE: 'worker', LOG_LEVEL: 'info' }, label: 'the worker' });
      const workerDeadline = Date.now() + 60_000;
      while (!worker.output().includes('FuelDesk worker started')) {
        const early = await Promise.race([worker.exited, sleep(100).then(() => null)]);
        if (early) throw new Error(`the worker exited (${early.code ?? early.signal}):\n${worker.output()}`);
        if (Date.now() > workerDeadline) throw new Error(`the worker did not start within 60 s:\n${worker.output()}`);
      }
      const stopped = await worker.stop();
      if (stopped.code !== 0) throw new Error(`the worker ended with ${stopped.code ?? stopped.signal} after SIGTERM:\n${worker.output()}`);
      pass('a worker (PROCESS_ROLE=worker) starts beside it and ends with 0 on SIGTERM');
      if (hasNginx()) await checkThroughNginx({ cmd, app, env, work, pass });
      else console.log('  --  nginx is not installed: deploy/nginx.conf not run (apt-get install nginx-light)');
    }

    const stopped = await api.stop();
    if (stopped.code !== 0) throw new Error(`the API process ended with ${stopped.code ?? stopped.signal} after SIGTERM:\n${api.output()}`);
    pass('the API process ends with 0 on SIGTERM');

    // What an operator runs in the container (`docker compose exec api1 node apps/server/dist/cli.js …`).
    const cli = spawnSync(process.execPath, ['apps/server/dist/cli.js', 'migrate'], { cwd: app, env, encoding: 'utf8', timeout: 120_000 });
    if (cli.status !== 0 || !cli.stdout.includes('Migrations applied')) throw new Error(`the CLI's migrate failed (${cli.status}): ${cli.stdout}${cli.stderr}`);
    pass('the compiled CLI runs in the image (node apps/server/dist/cli.js migrate)');
    console.log(`\n${checks.length} checks passed${keep ? ` (kept in ${work})` : ''}.`);
  } finally {
    await database?.drop();
    if (!keep) rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  main().catch((error) => {
    console.error(`\ncheck-deploy: ${error.message}`);
    process.exit(1);
  });
}
