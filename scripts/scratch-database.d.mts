// Types of scripts/scratch-database.mjs, for the TypeScript tests and benchmarks that import it.
export function createScratchDatabase(
  base: string,
  prefix?: string,
  options?: { template?: string; asynchronousCommit?: boolean },
): Promise<{ url: string; drop: () => Promise<void> }>;
