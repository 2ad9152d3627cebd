#!/usr/bin/env node
// `npm test`: every unit and API test (PGlite, and PostgreSQL too when DATABASE_URL is set),
// then the browser journeys. In CI a missing browser is a failure; elsewhere it is a loud skip.
//
// `npm test -- --journeys-alongside` runs the journeys (web build, one server, one browser) at the same
// time as the unit and API tests instead of after them, their output held back and printed after
// Vitest's: CI uses it (.ci/run). The journeys alone kept about one core of two busy for 9 minutes
// while the other sat idle; beside Vitest that time is shared instead of added.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const alongside = process.argv.includes('--journeys-alongside');
const vitestArgs = process.argv.slice(2).filter((arg) => arg !== '--journeys-alongside');

/** Runs a command; resolves with its exit code. With `hold`, its output is kept and handed back instead of shown. */
function run(cmd, args, { hold = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      resolve({ code: 1, output });
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

if (!process.env.DATABASE_URL) {
  console.warn('\n[fueldesk] DATABASE_URL is not set: server tests run on PGlite only (CI runs them on PostgreSQL too).\n');
}
const e2eCommand = [process.execPath, [path.join(root, 'scripts/e2e.mjs')]];
if (alongside) {
  const started = Date.now();
  const journeys = run(...e2eCommand, { hold: true }).then((result) => ({ ...result, seconds: Math.round((Date.now() - started) / 1000) }));
  const unit = await run('npx', ['vitest', 'run', ...vitestArgs]);
  const e2e = await journeys;
  console.log(`\n=== browser journeys (run alongside the tests above, ${e2e.seconds} s, exit code ${e2e.code}) ===\n`);
  process.stdout.write(Buffer.concat(e2e.output));
  process.exit(unit.code !== 0 ? unit.code : e2e.code);
}
const unit = await run('npx', ['vitest', 'run', ...vitestArgs]);
if (unit.code !== 0) process.exit(unit.code);
const e2e = await run(...e2eCommand);
process.exit(e2e.code);
