// jemalloc for the server that `npm start` runs (scripts/start.mjs), when the system has it.
//
// Even with start.mjs's glibc tunables, glibc's malloc keeps what a load run freed: after the 22-file
// import and a 10 s load run on GET /api/prices, its two arenas held 64 MB for 16 MB of blocks in use
// (malloc_stats), free blocks between used ones that glibc returns only when told to (malloc_trim,
// which Node cannot call; called from a debugger it took the server from 221 to 179 MiB).
// jemalloc gives back the pages of its free blocks itself once they have been unused for
// dirty_decay_ms: 1 s instead of its 10 s, so that a load run's garbage leaves soon after the run;
// two arenas, as glibc's. Resident memory after the import and a load run: README's Benchmarks.
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

export const JEMALLOC_CONF = 'narenas:2,dirty_decay_ms:1000,muzzy_decay_ms:0';

/**
 * The variables that load jemalloc into the server (LD_PRELOAD, MALLOC_CONF), or none.
 * `exists` and `platform` are for the tests.
 */
export function jemallocEnvironment(env, { exists = existsSync, platform = process.platform } = {}) {
  if (platform !== 'linux' || env.LD_PRELOAD !== undefined) return {};
  const library = JEMALLOC_PATHS.find((file) => exists(file));
  if (!library) return {};
  return { LD_PRELOAD: library, MALLOC_CONF: env.MALLOC_CONF ?? JEMALLOC_CONF };
}
