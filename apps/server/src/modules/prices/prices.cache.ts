import { PRICES_UPDATED_EVENT } from '@fueldesk/contracts';
import type { AppContext } from '../../context';

/**
 * In-process cache of what every trader asks for every morning (the daily table, products, dates).
 * An import clears it here and publishes `prices_updated`, which clears it on every other instance;
 * entries also expire after a while in case an event is lost.
 */
export interface PriceCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

const ENTRY_TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 500;

function createPriceCache(now: () => number): PriceCache {
  const entries = new Map<string, { value: unknown; expiresAt: number }>();
  const loading = new Map<string, Promise<unknown>>();
  let generation = 0;

  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) return hit.value as T;
      const pending = loading.get(key);
      if (pending) return pending as Promise<T>;
      const startedIn = generation;
      const promise = load()
        .then((value) => {
          // A load that started before a clear may hold stale rows: hand them out once, never keep them.
          if (startedIn === generation) {
            if (entries.size >= MAX_ENTRIES) entries.clear();
            entries.set(key, { value, expiresAt: now() + ENTRY_TTL_MS });
          }
          return value;
        })
        .finally(() => {
          if (loading.get(key) === promise) loading.delete(key);
        });
      loading.set(key, promise);
      return promise;
    },
    clear() {
      generation += 1;
      entries.clear();
      loading.clear();
    },
  };
}

const caches = new WeakMap<AppContext, PriceCache>();
const catalogCaches = new WeakMap<AppContext, PriceCache>();

/** The `source` of a `prices_updated` published after a product was created or changed. */
export const PRODUCTS_CHANGED_SOURCE = 'products';

/** True for `prices_updated` of an import or a review (its source names it); a product change, or an event saying nothing, clears the catalog too. */
function onlyPricesChanged(data: unknown): boolean {
  const source = (data as { source?: unknown } | null | undefined)?.source;
  return typeof source === 'string' && source !== PRODUCTS_CHANGED_SOURCE;
}

/** The cache of this app instance, subscribed to `prices_updated` on first use. */
export function getPriceCache(ctx: AppContext): PriceCache {
  let cache = caches.get(ctx);
  if (!cache) {
    const created = createPriceCache(() => Date.now());
    ctx.events.subscribe((event) => {
      if (event.type === PRICES_UPDATED_EVENT) created.clear();
    });
    caches.set(ctx, created);
    cache = created;
  }
  return cache;
}

/**
 * The product catalog's cache, apart from the prices': an import or a review changes prices, never
 * products, so the catalog (~3 ms to reload on PGlite) outlives them. Cleared when a product is
 * created or changed (`clearProductCaches`), and by any `prices_updated` from another instance but
 * an import's or a review's.
 */
export function getCatalogCache(ctx: AppContext): PriceCache {
  let cache = catalogCaches.get(ctx);
  if (!cache) {
    const created = createPriceCache(() => Date.now());
    ctx.events.subscribe((event) => {
      if (event.type === PRICES_UPDATED_EVENT && !onlyPricesChanged(event.data)) created.clear();
    });
    catalogCaches.set(ctx, created);
    cache = created;
  }
  return cache;
}

/** After a product change on this instance: the catalog and everything computed with it. */
export function clearProductCaches(ctx: AppContext): void {
  getCatalogCache(ctx).clear();
  getPriceCache(ctx).clear();
}
