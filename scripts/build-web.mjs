#!/usr/bin/env node
// The web app's build (`npm run build -w @fueldesk/web`; `npm start` when it is stale): Vite's browser
// build into apps/web/dist, the prerendered public pages (scripts/prerender.mjs) and the .br/.gz of
// every file (scripts/precompress.mjs). One process: Vite, its configuration and its plugins were
// loaded three times by as many processes (vite build, then prerender, then precompress), and the SSR
// build the pages are rendered with needs nothing of the browser build, so the two run at once; the
// pages are rendered once both are done.
//
//   node scripts/build-web.mjs [--no-precompress]
//
// --no-precompress: stops after the pages; `npm start` runs precompression beside the server's start
// (scripts/start.mjs), and the build is complete (dist/.build-complete) only once it has run.
// --no-size-report: without Vite's table of gzipped sizes (each chunk gzipped once more to print it:
// ~0.25 s of CPU), for `npm start`, which shows the build's output only when asked or when it fails.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { precompress } from './precompress.mjs';
import { buildPageRenderer, writePrerenderedPages } from './prerender.mjs';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web');
const distDir = path.join(webDir, 'dist');

const reportCompressedSize = !process.argv.includes('--no-size-report');
await Promise.all([build({ root: webDir, configFile: path.join(webDir, 'vite.config.ts'), build: { reportCompressedSize } }), buildPageRenderer()]);
const pages = await writePrerenderedPages();
console.log(`prerendered ${pages} pages into ${path.relative(process.cwd(), path.join(distDir, 'pages'))}`);
if (!process.argv.includes('--no-precompress')) {
  const files = await precompress(distDir);
  console.log(`precompressed ${files} files in ${path.relative(process.cwd(), distDir)}`);
}
