import { createRequire } from 'node:module';

const requireModule = createRequire(import.meta.url);

/**
 * A CommonJS build of a package, loaded on first use. For the packages only some deployments call
 * (Redis, SMTP, feed parsing and sanitising): loading them costs CPU at every start,
 * and the embedded default may never use them.
 */
export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireModule(name) as T);
}
