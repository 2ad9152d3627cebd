#!/usr/bin/env node
// Lighthouse (mobile settings: Moto G power emulation, simulated slow 4G) on every page of a running
// FuelDesk server (every route of the web app's route table: bench/lighthouse/routes.mjs), in
// Debian's Chromium.
//
//   npm start &        (a fresh embedded install has the demo accounts; PORT=3000)
//   node bench/lighthouse/run.mjs http://127.0.0.1:3000 [--runs 3] [--paths /,/login,/home] [--json out.json]
//                      [--email admin@fueldesk.demo --password Demo-Admin-2026] [--reports DIR] [--traces DIR [--cpu-profile]]
//
// The signed-in paths (--signed-in, default every route of the dashboard layout) are measured signed
// in, as the demo admin by default (every page is open to it): the runner signs in once
// through the API, stores the session in the browser the way the web app does (SPEC.md §3 key names),
// and Lighthouse keeps that storage (disableStorageReset) while the HTTP cache is still emptied before
// each run. Prints the four category scores per page (the median of the runs and their range), the
// audits that cost points, and the JavaScript the page downloaded during its load (bytes on the wire,
// gzip, per chunk). Goals: performance ≥ 0.97; JavaScript of the signed-in /home ≤ 150 KiB.
import { mkdirSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { listRoutes } from './routes.mjs';

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
const routes = listRoutes();
const paths = option('paths', [...routes.guest, ...routes.signedIn].join(',')).split(',');
const account = { email: option('email', 'admin@fueldesk.demo'), password: option('password', 'Demo-Admin-2026') };
/** Pages measured signed in (--signed-in /home,/prices); the others as a guest. */
const signedInPaths = new Set(option('signed-in', routes.signedIn.join(',')).split(','));
const jsonFile = option('json', null);
/** --reports DIR keeps every run's whole Lighthouse report (DIR/<page>-<run>.json) for a closer look. */
const reportsDir = option('reports', null);
/**
 * --traces DIR keeps every run's trace and DevTools log (DIR/<page>-<run>.trace.json): the main
 * thread's tasks, the requests and the LCP candidates of what Lighthouse observed. With
 * --cpu-profile the trace also holds V8's samples (which function ran), at the price of slower
 * scripts: its scores are not the page's.
 */
const tracesDir = option('traces', null);
const cpuProfile = args.includes('--cpu-profile');
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

/** Signs in through the API and stores the session in the browser's storage for the base origin. */
async function signIn(browser) {
  const response = await fetch(new URL('/api/auth/login', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`sign-in as ${account.email} answered ${response.status}: ${await response.text()}`);
  const session = await response.json();
  const page = await browser.contexts()[0].newPage();
  await page.goto(new URL('/', base).href);
  await page.evaluate((body) => {
    localStorage.setItem('authToken', body.access_token);
    localStorage.setItem('refresh_token', body.refresh_token);
    localStorage.setItem('login_timestamp', String(Date.now()));
  }, session);
  await page.close();
}

/**
 * Signs out with the session's current refresh token (the app may have rotated it): a second run
 * of the bench would otherwise be refused by the one-session rule for a minute.
 */
async function signOut(browser) {
  const page = await browser.contexts()[0].newPage();
  await page.goto(new URL('/', base).href);
  const refreshToken = await page.evaluate(() => localStorage.getItem('refresh_token'));
  await page.close();
  if (!refreshToken) return;
  await fetch(new URL('/api/auth/logout', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken, active_seconds: 1 }),
  });
}

/** The page's scripts as downloaded during the load: bytes on the wire (gzip) per file. */
function scriptsOf(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  return items
    .filter((item) => item.resourceType === 'Script' && item.url.startsWith(new URL(base).origin))
    .map((item) => ({ file: new URL(item.url).pathname.split('/').pop(), bytes: item.transferSize ?? 0 }));
}

const summary = [];
const failures = [];
let browser = null;
try {
  for (const path of paths) {
    try {
      await measure(path);
    } catch (error) {
      // One page's failure (a redirect, a Lighthouse error) is reported; the other pages are still measured.
      failures.push(`${path}: ${error instanceof Error ? error.message : error}`);
      console.error(`\n${path}: not measured: ${error instanceof Error ? error.message : error}`);
    }
  }
} finally {
  if (browser) await signOut(browser).catch((error) => console.error(`sign-out failed: ${error.message}`));
  await browser?.close().catch(() => {});
  await chrome.kill();
}

/** Lighthouse's runs of one page, printed and added to the summary. */
async function measure(path) {
  const url = new URL(path, base).href;
  const signedIn = signedInPaths.has(path);
  if (signedIn && !browser) {
    const { chromium } = await import('playwright-core');
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    await signIn(browser);
  }
  const flags = {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: categories,
    disableStorageReset: signedIn,
    ...(cpuProfile ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
  };
  const results = [];
  for (let run = 0; run < runs; run += 1) {
    // Storage stays (the session); the HTTP cache goes, as Lighthouse does for every other page.
    const clearCache = async () => {
      if (!signedIn) return;
      const page = await browser.contexts()[0].newPage();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await page.close();
    };
    await clearCache();
    // The default config is Lighthouse's mobile preset.
    let result = await lighthouse(url, flags);
    // A fresh Chromium sometimes loses the first trace (NO_NAVSTART); the run is repeated, not counted,
    // from an empty cache again: the lost run has filled it (the first signed-in page was otherwise
    // measured with its scripts cached, ~0 KiB downloaded, LCP ~1.1 s).
    for (let retry = 0; retry < 2 && result?.lhr.runtimeError?.code === 'NO_NAVSTART'; retry += 1) {
      await clearCache();
      result = await lighthouse(url, flags);
    }
    if (signedIn && new URL(result?.lhr.finalDisplayedUrl ?? url).pathname !== path) {
      throw new Error(`${url} ended on ${result?.lhr.finalDisplayedUrl}: a redirect, or the session was not kept`);
    }
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    results.push(result.lhr);
    if (reportsDir) {
      mkdirSync(reportsDir, { recursive: true });
      const name = path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'landing';
      writeFileSync(`${reportsDir}/${name}-${run + 1}.json`, JSON.stringify(result.lhr));
    }
    if (tracesDir) {
      mkdirSync(tracesDir, { recursive: true });
      const name = path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'landing';
      const { Trace, DevtoolsLog } = result.artifacts;
      writeFileSync(`${tracesDir}/${name}-${run + 1}.trace.json`, JSON.stringify({ trace: Trace, devtoolsLog: DevtoolsLog }));
    }
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
  const scripts = scriptsOf(last);
  const scriptBytes = scripts.reduce((sum, script) => sum + script.bytes, 0);
  summary.push({ url, runs, signedIn, scores, ranges, metrics, losses, scripts, scriptBytes });

  console.log(`\n${url}  (mobile, ${runs} run${runs > 1 ? 's' : ''}, median${signedIn ? ', signed in' : ''})`);
  for (const id of categories) {
    const [low, high] = ranges[id];
    console.log(`  ${id.padEnd(15)} ${scores[id].toFixed(2)}${runs > 1 ? `  (${low.toFixed(2)}–${high.toFixed(2)})` : ''}`);
  }
  console.log(`  metrics: ${Object.entries(metrics).map(([id, value]) => `${id} ${value}`).join(', ')}`);
  if (losses.length > 0) console.log(`  audits below 1 (last run): ${losses.join('; ')}`);
  console.log(
    `  JavaScript downloaded during the load (gzip, on the wire): ${(scriptBytes / 1024).toFixed(1)} KiB in ${scripts.length} files` +
      (scripts.length ? ` — ${scripts.map((script) => `${script.file} ${(script.bytes / 1024).toFixed(1)}`).join(', ')}` : ''),
  );
}

// One line a page, against the goals (performance ≥ 0.97, LCP ≤ 2.0 s, TBT ≤ 100 ms).
if (summary.length > 1) {
  console.log('\nperformance  LCP       TBT      page (median; * misses a goal)');
  for (const page of summary) {
    const lcp = Number.parseFloat(page.metrics['largest-contentful-paint']);
    const tbt = Number.parseFloat(page.metrics['total-blocking-time']);
    const misses = page.scores.performance < 0.97 || lcp > 2000 || tbt > 100;
    console.log(`${page.scores.performance.toFixed(2).padEnd(12)} ${`${(lcp / 1000).toFixed(2)} s`.padEnd(9)} ${`${tbt} ms`.padEnd(8)} ${new URL(page.url).pathname}${misses ? ' *' : ''}`);
  }
}

if (failures.length > 0) console.log(`\nnot measured:\n  ${failures.join('\n  ')}`);
if (jsonFile) writeFileSync(jsonFile, JSON.stringify(summary, null, 2));
if (failures.length > 0) process.exitCode = 1;
