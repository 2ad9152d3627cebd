// jemalloc for the server that `npm start` runs (scripts/start.mjs), when the system has it.
//
// Even with start.mjs's glibc tunables, glibc's malloc keeps what a load run freed: after the 22-file
// import and a 10 s load run on GET /api/prices, its two arenas held 64 MB for 16 MB of blocks in use
// (malloc_stats), free blocks between used ones that glibc returns only when told to (malloc_trim,
// which Node cannot call; called from a debugger it took the server from 221 to 179 MiB).
// jemalloc gives back the pages of its free blocks itself, gradually over its 10 s dirty_decay_ms.
// Two arenas, as glibc's: with its default (four per core) resident memory after a load run stayed
// as high as glibc's in two runs of three. A 1 s decay left no less memory and cost CPU per request.
// Resident memory after the import and a load run, and throughput: README's Benchmarks.
// Used on Linux when one of the usual paths holds it (package libjemalloc2 on Debian and Ubuntu,
// jemalloc on Fedora, Arch, Alpine) and the user set no LD_PRELOAD: `LD_PRELOAD= npm start` keeps
// glibc's malloc. A MALLOC_CONF of the user's replaces ours.
import { existsSync } from 'node:fs';

export const JEMALLOC_PATHS = [
  '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
  '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
  '/usr/lib64/libjemalloc.so.2',
  '/usr/lib/libjemalloc.so.2',
];

export const JEMALLOC_CONF = 'narenas:2';

/**
 * The variables that load jemalloc into the server (LD_PRELOAD, MALLOC_CONF), or none.
 * `exists` and `platform` are for the tests.
 */
export function jemallocEnvironment(env, { exists = existsSync, platform = process.platform } = {}) {
  // Embedded PGlite only: on PostgreSQL the server's memory after the same import and load run was
  // 182 MiB with jemalloc against 154 MiB with glibc (bench/run-all.mjs, 2026-11-28 19:35, idle;
  // jemalloc had not yet given back what the load run freed), and glibc there met the goal before.
  if (env.DATABASE_URL) return {};
  if (platform !== 'linux' || env.LD_PRELOAD !== undefined) return {};
  const library = JEMALLOC_PATHS.find((file) => exists(file));
  if (!library) return {};
  return { LD_PRELOAD: library, MALLOC_CONF: env.MALLOC_CONF ?? JEMALLOC_CONF };
}
