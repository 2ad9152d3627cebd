#!/usr/bin/env node
// Browser journeys in Debian's Chromium through Playwright. Builds the web app first.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const message = `Chromium not found at ${chromium}: browser journeys cannot run (apt-get install -y chromium).`;
  if (process.env.CI) {
    console.error(`\n[fueldesk] FAIL: ${message}\n`);
    process.exit(1);
  }
  console.warn(`\n${'!'.repeat(80)}\n[fueldesk] SKIPPING BROWSER JOURNEYS: ${message}\n${'!'.repeat(80)}\n`);
  process.exit(0);
}
const build = spawnSync('npm', ['run', 'build', '-w', '@fueldesk/web'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const result = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(result.status ?? 1);
