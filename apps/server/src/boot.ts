import path from 'node:path';
import { WASM_TIERING_BUDGET, setWasmCompileFlags } from './db/wasm-tiering';
import { codeCacheFile, registerCodeCache, runCachedScript } from './lib/code-cache';

/**
 * The compiled server's entry (apps/server/dist/main.js; `npm run dev` runs main.ts itself): runs the
 * server, bundled as one CommonJS file, through V8's code cache (lib/code-cache.ts). The tier-up budget
 * openDatabase sets is set first, so that the flags V8 compiles the server under are those the cache is
 * later written under.
 */
setWasmCompileFlags(WASM_TIERING_BUDGET);
// The bundle's import() of packages left in node_modules (scripts/build-server.mjs IMPORT_HOOK_BANNER): once
// V8 compiles the bundle from its code cache, Node 20 has no dynamic-import callback for it, and an
// import() of its own fails (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING); this module's import() works.
(globalThis as Record<symbol, unknown>)[Symbol.for('fueldesk.import')] = (specifier: string) => import(specifier);
const bundle = path.join(import.meta.dirname, 'main-bundle.cjs');
const run = runCachedScript(bundle, codeCacheFile(bundle));
registerCodeCache(run);
