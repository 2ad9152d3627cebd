#!/usr/bin/env node
// `npm test`: every unit and API test (PGlite, and PostgreSQL too when DATABASE_URL is set),
// then the browser journeys. In CI a missing browser is a failure; elsewhere it is a loud skip.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

if (!process.env.DATABASE_URL) {
  console.warn('\n[fueldesk] DATABASE_URL is not set: server tests run on PGlite only (CI runs them on PostgreSQL too).\n');
}
const unit = run('npx', ['vitest', 'run', ...process.argv.slice(2)]);
if (unit !== 0) process.exit(unit);
const e2e = run(process.execPath, [path.join(root, 'scripts/e2e.mjs')]);
process.exit(e2e);
