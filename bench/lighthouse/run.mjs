#!/usr/bin/env node
// Lighthouse (mobile settings: Moto G power emulation, simulated slow 4G) on the landing page and
// the sign-in page of a running FuelDesk server, in Debian's Chromium.
//
//   npm run build -w @fueldesk/web
//   PORT=3200 DATA_DIR=$(mktemp -d) node --import tsx apps/server/src/main.ts &
//   node bench/lighthouse/run.mjs http://127.0.0.1:3200 [--runs 3] [--paths /,/login,/contact-us] [--json out.json]
//
// Prints the four category scores per page (the median of the runs and their range) and the audits that cost
// points. The goal is performance and accessibility of at least 0.95.
import { writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const args = process.argv.slice(2);
const base = args.find((arg) => /^https?:\/\//.test(arg));
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};
if (!base) {
  console.error('Usage: node bench/lighthouse/run.mjs <base URL> [--runs N] [--paths /,/login] [--json file]');
  process.exit(2);
}
const runs = Math.max(1, Number(option('runs', '1')));
const paths = option('paths', '/,/login').split(',');
const jsonFile = option('json', null);
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const summary = [];
try {
  for (const path of paths) {
    const url = new URL(path, base).href;
    const results = [];
    for (let run = 0; run < runs; run += 1) {
      // The default config is Lighthouse's mobile preset.
      let result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories });
      // A fresh Chromium sometimes loses the first trace (NO_NAVSTART); the run is repeated, not counted.
      for (let retry = 0; retry < 2 && result?.lhr.runtimeError?.code === 'NO_NAVSTART'; retry += 1) {
        result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories });
      }
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
      results.push(result.lhr);
    }
    const scoresOf = (id) => results.map((lhr) => lhr.categories[id].score ?? 0);
    const scores = Object.fromEntries(categories.map((id) => [id, median(scoresOf(id))]));
    const ranges = Object.fromEntries(categories.map((id) => [id, [Math.min(...scoresOf(id)), Math.max(...scoresOf(id))]]));
    const last = results[results.length - 1];
    // Median of the runs: milliseconds, except CLS (unitless).
    const metrics = Object.fromEntries(
      ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map((id) => {
        const value = median(results.map((lhr) => lhr.audits[id]?.numericValue ?? Number.NaN));
        return [id, id === 'cumulative-layout-shift' ? value.toFixed(3) : `${Math.round(value)} ms`];
      }),
    );
    const losses = categories.flatMap((id) =>
      last.categories[id].auditRefs
        .filter((ref) => ref.weight > 0 && (last.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${id}: ${ref.id} (${last.audits[ref.id].score})`),
    );
    summary.push({ url, runs, scores, ranges, metrics, losses });

    console.log(`\n${url}  (mobile, ${runs} run${runs > 1 ? 's' : ''}, median)`);
    for (const id of categories) {
      const [low, high] = ranges[id];
      console.log(`  ${id.padEnd(15)} ${scores[id].toFixed(2)}${runs > 1 ? `  (${low.toFixed(2)}–${high.toFixed(2)})` : ''}`);
    }
    console.log(`  metrics: ${Object.entries(metrics).map(([id, value]) => `${id} ${value}`).join(', ')}`);
    if (losses.length > 0) console.log(`  audits below 1 (last run): ${losses.join('; ')}`);
  }
} finally {
  await chrome.kill();
}

if (jsonFile) writeFileSync(jsonFile, JSON.stringify(summary, null, 2));
