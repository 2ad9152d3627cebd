import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // A busy machine (CI) compiles a lazy page for seconds on its first use: the default 5 s cut
    // short tests with many steps, and made their own longer waits meaningless.
    testTimeout: 20_000,
    // Fixture times are written in UTC; the dates the pages show are read in the machine's zone.
    env: { TZ: 'UTC' },
  },
});
