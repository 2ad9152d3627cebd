import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const FRAMEWORK_MODULES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/]react-query|@tanstack[\\/]query-core)[\\/]/;
const TRANS_MODULES = /node_modules[\\/](react-i18next[\\/]dist[\\/]es[\\/](Trans|TransWithoutContext)\.js|html-parse-stringify[\\/])/;

// Small modules of both the public and the dashboard layouts: in the shell, not one request each
// (every request costs a round trip and ~1 KiB of response headers on a phone).
const SHARED_UI_MODULES =
  /[\\/]src[\\/](components[\\/]ui[\\/](icon|logo|error-state|controls)|layouts[\\/](skip-link|navigation-progress)|lib[\\/](theme|document-title|use-dismiss|use-media-query|use-hydration-value|use-page-meta))\.tsx?$/;
// The dashboard layout and what it mounts on every signed-in page (the report and invitation
// watchers, which it loads lazily so that the layout imports no feature): one chunk, not eleven.
// The header's menus (Radix, Floating UI) are not in it: they load after the first paint.
const DASHBOARD_MODULES =
  /[\\/]src[\\/](layouts[\\/](dashboard-layout|profile-panel-frame|header[\\/](header|user-badge|bell-notifications|server-notifications)|sidebar[\\/](sidebar|sidebar-config|use-custom-submenus))|features[\\/]due-diligence[\\/](components[\\/]due-report-watcher|lib[\\/]pending-contact|api[\\/]get-due-reports)|features[\\/]bank[\\/](components[\\/]invitation-notifications|api[\\/]use-invitation-notifications))\.tsx?$|[\\/]contracts[\\/]src[\\/]schemas[\\/](submenu-rules|due-diligence-status)\.ts$/;

// What the price pages share (the signed-in home among them): one chunk, not six.
const PRICES_MODULES =
  /[\\/]src[\\/]features[\\/]prices[\\/](api[\\/][^\\/]+|lib[\\/][^\\/]+|components[\\/](line-chart|product-picker|summary-panel|movers-panel|price-change|price-card|price-movements-panel|sparkline|state-views|demo-badge))\.tsx?$/;

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  // One value for the prerender (SSR) build and the browser build, so hydration sees the same year.
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // zod, configured for the CSP (src/lib/zod-jitless.ts) by the import that brings it in.
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
    ],
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // index.html preloads only what the entry imports statically (the preload-helper chunk, ~3 KiB),
    // so that it arrives with the entry instead of one round trip after it; the app itself loads only
    // after the first paint (src/main.tsx), so nothing else competes with the stylesheet.
    modulePreload: { resolveDependencies: (_file, deps) => deps },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Libraries every page needs change less often than the app: a chunk of their own stays cached
          // across deploys. Only these are named, so libraries of lazy pages stay in those pages' chunks.
          groups: [
            // The entry (main.tsx) needs only Vite's preload helper before the first paint; it must
            // not be captured into the shell below, or the entry would wait for the whole shell.
            // With it the two other modules the entry and every chunk need: one request, not three.
            // So does what the entry starts for the signed-in home before the framework has arrived
            // (src/app/early-start.ts, with the small modules it reads the session and the language with).
            {
              name: 'preload-helper',
              test: /vite[\\/]preload-helper|rolldown[\\/]runtime|node_modules[\\/]get-nonce[\\/]|[\\/]src[\\/](app[\\/](early-start|signed-in-pages)|lib[\\/](early-requests|session-token|api-base|language-detector|text-bundles|storage|after-paint))\.ts$|[\\/]contracts[\\/]src[\\/]roles\.ts$/,
              priority: 30,
            },
            // react-i18next's <Trans> (with its HTML parser) is used by three sign-in pages only: with
            // them, not in every page's framework chunk (~5 KiB compressed).
            { name: 'i18n-trans', test: TRANS_MODULES, priority: 25, includeDependenciesRecursively: false },
            { name: 'framework', test: FRAMEWORK_MODULES, priority: 20 },
            // boot.tsx and everything it imports statically (rolldown follows the dependencies):
            // always loaded together, so one request and one preload instead of a score of small
            // chunks, whose preload bookkeeping alone was a long task on a slow phone.
            // The contracts' calendar arithmetic (~0.3 KiB) rides along: /home needs it first, and the
            // 'dates' chunk below builds on it; grouped there, it would bring date-fns into /home.
            {
              name: 'shell',
              test: (id: string) => /[\\/]src[\\/]boot\.tsx$/.test(id) || SHARED_UI_MODULES.test(id) || /[\\/]contracts[\\/]src[\\/]calendar\.ts$/.test(id),
              priority: 10,
            },
            { name: 'dashboard', test: DASHBOARD_MODULES, priority: 5 },
            // Without its dependencies: with them the group took in the contracts' price constants and
            // the form controls, and every page with an input (the sign-in, the news list) then loaded
            // the price pages' code (7.9 KiB on the wire) to reach them.
            { name: 'prices', test: PRICES_MODULES, priority: 4, includeDependenciesRecursively: false },
            // The date helpers of the contracts (YYYY-MM-DD, time zones) with the few date-fns modules
            // under them, which the price pages use: one chunk, not three.
            {
              name: 'dates',
              test: /[\\/]contracts[\\/]src[\\/]iso-date\.ts$|node_modules[\\/]@date-fns[\\/]tz[\\/]|node_modules[\\/]date-fns[\\/](addMonths|addDays)\.js$/,
              priority: 3,
            },
          ],
        },
      },
    },
  },
});
