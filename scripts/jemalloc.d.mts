// Types of scripts/jemalloc.mjs, for the tests that import it.
export const JEMALLOC_PATHS: string[];
export const JEMALLOC_CONF: string;
export function jemallocEnvironment(
  env: Record<string, string | undefined>,
  options?: { exists?: (file: string) => boolean; platform?: string },
): { LD_PRELOAD?: string; MALLOC_CONF?: string };
