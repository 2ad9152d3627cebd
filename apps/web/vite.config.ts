import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const FRAMEWORK_MODULES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|i18next-browser-languagedetector|@tanstack[\\/]react-query|@tanstack[\\/]query-core)[\\/]/;

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
    // No modulepreload links in index.html: the entry loads the app only after the first paint
    // (src/main.tsx), so nothing competes with the stylesheet. Dynamic imports still preload their
    // own dependencies.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? [] : deps) },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Libraries every page needs change less often than the app: a chunk of their own stays cached
          // across deploys. Only these are named, so libraries of lazy pages stay in those pages' chunks.
          groups: [
            // The entry (main.tsx) needs only Vite's preload helper before the first paint; it must
            // not be captured into the shell below, or the entry would wait for the whole shell.
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 30 },
            { name: 'framework', test: FRAMEWORK_MODULES, priority: 20 },
            // boot.tsx and everything it imports statically (rolldown follows the dependencies):
            // always loaded together, so one request and one preload instead of a score of small
            // chunks, whose preload bookkeeping alone was a long task on a slow phone.
            { name: 'shell', test: /[\\/]src[\\/]boot\.tsx$/, priority: 10 },
          ],
        },
      },
    },
  },
});
