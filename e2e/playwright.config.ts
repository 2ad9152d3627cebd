import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
// A fresh embedded database per run: demo accounts and demo data load on first start.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'fd-e2e-'));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(here, '.artifacts'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, channel: undefined } },
  ],
  webServer: {
    command: `node --import tsx ${path.join(root, 'apps/server/src/main.ts')}`,
    cwd: root,
    url: `${baseURL}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_DATA: 'true',
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      NEWS_FEEDS: '',
      EIA_API_KEY: '',
      REDIS_URL: '',
      // A small real OFAC SDN list (../shared/data, never copied), imported at start; no downloads.
      SANCTIONS_PATHS: path.resolve(root, '../shared/data/ofac-sdn-tiny'),
      SANCTIONS_UPDATE_CRON: 'off',
      // The watching journey points a webhook at a receiver on 127.0.0.1 (plain HTTP to a private address).
      WEBHOOK_ALLOW_PRIVATE: 'true',
    },
  },
});
