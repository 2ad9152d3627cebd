#!/usr/bin/env node
// Writes the HTML of the public pages at build time (dist/pages/*.html): the web app is rendered
// once on the server side of Vite (an SSR build into apps/web/.prerender), page by page, into the
// built index.html. The server sends these files for their paths and the app hydrates them, so a
// phone on a slow link paints the page before the JavaScript has arrived.
// The web build (scripts/build-web.mjs) makes the SSR build beside the browser build and calls
// writePrerenderedPages once both are done; `node scripts/prerender.mjs` does both after a `vite build`.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web');
const distDir = path.join(webDir, 'dist');
const ssrDir = path.join(webDir, '.prerender');

/** The SSR build of the page renderer (src/prerender/render-page.tsx), which needs no browser build. */
export async function buildPageRenderer() {
  await build({
    root: webDir,
    configFile: path.join(webDir, 'vite.config.ts'),
    logLevel: 'warn',
    // One file: the browser build's chunk groups, whose chunks go under assets/, gave the SSR build
    // dynamic imports resolved against the wrong folder (the signed-in layout's, from the entry's group).
    build: {
      ssr: 'src/prerender/render-page.tsx',
      outDir: ssrDir,
      emptyOutDir: true,
      copyPublicDir: false,
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
}

/** Renders every prerendered page into the browser build's index.html (dist/pages); returns how many. */
export async function writePrerenderedPages() {
  const renderer = await import(pathToFileURL(path.join(ssrDir, 'render-page.js')).href);
  const { prerenderedPaths, renderPage, injectPage, prerenderedPagePath } = renderer;
  const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  rmSync(path.join(distDir, 'pages'), { recursive: true, force: true });
  for (const pathname of prerenderedPaths) {
    const file = path.join(distDir, prerenderedPagePath(pathname));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, injectPage(template, await renderPage(pathname)));
  }
  const frames = writeSignedInFrames(renderer, template);
  rmSync(ssrDir, { recursive: true, force: true });
  return prerenderedPaths.length + (await frames);
}

/**
 * The signed-in pages' phone frames (src/prerender/render-frame.tsx), one file per page and language
 * (dist/frames/<language>/<page>.html); returns how many files.
 */
async function writeSignedInFrames({ framePaths, frameLanguages, renderFrames, injectFrames, signedInFramePath }, template) {
  rmSync(path.join(distDir, 'frames'), { recursive: true, force: true });
  let count = 0;
  for (const language of frameLanguages) {
    for (const pathname of framePaths) {
      const file = path.join(distDir, signedInFramePath(pathname, language));
      let rendered;
      try {
        rendered = await renderFrames(pathname, language);
      } catch (error) {
        // That page is sent as the bare index.html, as before: a frame is an optimisation.
        console.warn(`no frame for ${pathname} (${language}): ${error instanceof Error ? error.message.split('\n')[0] : error}`);
        continue;
      }
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, injectFrames(template, rendered));
      count += 1;
    }
  }
  return count;
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  await buildPageRenderer();
  const count = await writePrerenderedPages();
  console.log(`prerendered ${count} pages into ${path.relative(process.cwd(), path.join(distDir, 'pages'))}`);
}
