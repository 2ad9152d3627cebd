import v8 from 'node:v8';

/**
 * How much a WebAssembly function runs before V8 recompiles it with its optimizing compiler: far above
 * V8's default (1,800,000). PGlite is PostgreSQL compiled to WebAssembly; V8 first compiles it quickly
 * and, at the default, recompiled every PostgreSQL function a start touched within its first second,
 * on both cores of a 2-core machine. The start waited for the cores, and more: whenever Node drains
 * V8's tasks (its event loop momentarily empty), the main thread blocks until every such compilation
 * has ended (seen as idle time in the CPU profile and as one long futex wait in strace).
 * With this budget only what keeps running (an import's inner loops, a long query) is recompiled.
 * Paired runs on a 2-core machine (figures in README's Benchmarks): restarts and the EIA import are
 * faster at this budget than at the default or a smaller multiple of it; /api/prices under load the same.
 * V8 reads it when a module is compiled: set before PGlite starts.
 */
export const WASM_TIERING_BUDGET = 1_000_000_000;

/**
 * The budget of a command that spends its time in a few PostgreSQL functions (the price import's
 * upserts: index inserts, array parsing, WAL records), 55 times V8's default: they are recompiled
 * within the first file instead of hardly ever. A start-up loses by it (restart 1.11x in 10 paired
 * runs), the 22-file import gains (0.93x wall in 8 pairs; 10 times the default gave the same wall
 * for more CPU).
 */
export const BULK_WASM_TIERING_BUDGET = 100_000_000;

/**
 * Sets V8's tier-up budget for the WebAssembly modules compiled from now on, and has V8 validate each
 * WebAssembly function when it first compiles it (V8 compiles them lazily, on first call) instead of all
 * of PostgreSQL's 9 MB of code before the module is instantiated: a start calls a small share of them.
 * PGlite's build is a trusted, fixed file; an invalid function would fail when called, not at the start.
 * Restart CPU 0.94x with the flag (6 paired runs on the code-cached build; server CPU until /api/health).
 * The server's entry sets these before it compiles the server (boot.ts): V8 rejects a code cache
 * written under other flag values, and the cache is written after openDatabase has set them.
 */
export function setWasmCompileFlags(budget: number) {
  v8.setFlagsFromString(`--wasm-tiering-budget=${budget}`);
  v8.setFlagsFromString('--wasm-lazy-validation');
}
