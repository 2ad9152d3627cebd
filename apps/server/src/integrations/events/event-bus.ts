import type pg from 'pg';
import { lazyModule } from '../../lib/lazy-module';

/** A server-sent event for one user (userId) or for every signed-in user (userId null). */
export interface AppEvent {
  userId: string | null;
  type: string;
  data?: unknown;
}

export type EventListener = (event: AppEvent) => void;

/**
 * Delivers events to every server instance's SSE connections. The in-memory bus serves one
 * process (embedded mode); PostgreSQL LISTEN/NOTIFY or Redis carry events between instances.
 */
export interface EventBus {
  readonly kind?: 'memory' | 'postgres' | 'redis';
  publish(event: AppEvent): Promise<void>;
  subscribe(listener: EventListener): () => void;
  close(): Promise<void>;
}

export const EVENT_CHANNEL = 'fueldesk_events';

export function createMemoryEventBus(): EventBus {
  const listeners = new Set<EventListener>();
  return {
    kind: 'memory',
    async publish(event) {
      for (const listener of listeners) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}

function parseEvent(payload: string): AppEvent | null {
  try {
    const value = JSON.parse(payload) as AppEvent;
    return typeof value?.type === 'string' ? value : null;
  } catch {
    return null;
  }
}

function fanOut(listeners: Set<EventListener>, payload: string) {
  const event = parseEvent(payload);
  if (!event) return;
  for (const listener of listeners) listener(event);
}

/**
 * PostgreSQL LISTEN/NOTIFY on a dedicated connection (a pooled one could be handed back and lose
 * the LISTEN). Every instance, the publisher included, receives each event through the database,
 * so delivery is the same whichever instance holds the browser's connection. Reconnects after a
 * dropped connection; events published while it is down are lost (they are notifications, not
 * state: the client's ping still finds a revoked session).
 */
export function createPostgresEventBus(options: { url: string; onError?: (error: unknown) => void }): EventBus & { ready: Promise<void> } {
  const listeners = new Set<EventListener>();
  let client: pg.Client | null = null;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    // Loaded here, not with the module: the embedded default never connects, and node-postgres'
    // load made Node load its fetch implementation too (pg checks for Cloudflare with a Response;
    // the server's build drops that probe: scripts/build-server.mjs).
    const { default: postgres } = await import('pg');
    const next = new postgres.Client({ connectionString: options.url });
    next.on('notification', (message) => {
      if (message.channel === EVENT_CHANNEL && message.payload) fanOut(listeners, message.payload);
    });
    const scheduleReconnect = (error?: unknown) => {
      if (error) options.onError?.(error);
      if (closed || client !== next) return;
      client = null;
      next.end().catch(() => {});
      reconnectTimer = setTimeout(() => {
        reconnectTimer = null;
        connect().catch((cause) => options.onError?.(cause));
      }, 1_000);
    };
    next.on('error', scheduleReconnect);
    next.on('end', () => scheduleReconnect());
    await next.connect();
    await next.query(`LISTEN ${EVENT_CHANNEL}`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
  };

  // One connection runs one query at a time: events published while a NOTIFY is under way wait here
  // and go together in the next statement (node-postgres' own queue for a client used concurrently
  // is deprecated, and a report job announced its report that way beside every other).
  let waiting: { payload: string; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let sending: Promise<void> | null = null;
  const sendWaiting = async () => {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        const current = client;
        if (!current) throw new Error('event bus is reconnecting');
        const payloads = batch.map((item) => item.payload);
        // PostgreSQL delivers identical payloads of one transaction once: those go one statement each.
        if (payloads.length === 1 || new Set(payloads).size < payloads.length) {
          for (const payload of payloads) await current.query('select pg_notify($1, $2)', [EVENT_CHANNEL, payload]);
        } else {
          // unnest hands the rows over in the array's order, so the events keep the order they were published in.
          await current.query('select pg_notify($1, payload) from unnest($2::text[]) as payload', [EVENT_CHANNEL, payloads]);
        }
        for (const item of batch) item.resolve();
      } catch (error) {
        for (const item of batch) item.reject(error);
      }
    }
    sending = null;
  };

  const ready = connect();
  return {
    kind: 'postgres',
    ready,
    async publish(event) {
      await ready;
      if (!client) throw new Error('event bus is reconnecting');
      const sent = new Promise<void>((resolve, reject) => waiting.push({ payload: JSON.stringify(event), resolve, reject }));
      sending ??= sendWaiting();
      await sent;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      listeners.clear();
      await ready.catch(() => {});
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

const loadIoredis = lazyModule<typeof import('ioredis')>('ioredis');

/** Redis pub/sub: one connection publishes, a second one (in subscriber mode) listens. */
export function createRedisEventBus(options: { url: string; onError?: (error: unknown) => void }): EventBus & { ready: Promise<void> } {
  const listeners = new Set<EventListener>();
  const { Redis } = loadIoredis();
  const publisher = new Redis(options.url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(options.url, { lazyConnect: false });
  publisher.on('error', (error) => options.onError?.(error));
  subscriber.on('error', (error) => options.onError?.(error));
  subscriber.on('message', (channel: string, payload: string) => {
    if (channel === EVENT_CHANNEL) fanOut(listeners, payload);
  });
  const ready = subscriber.subscribe(EVENT_CHANNEL).then(() => undefined);
  return {
    kind: 'redis',
    ready,
    async publish(event) {
      await publisher.publish(EVENT_CHANNEL, JSON.stringify(event));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await ready.catch(() => {});
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}

/** Redis when REDIS_URL is set, else LISTEN/NOTIFY on PostgreSQL, else memory (embedded: one process). */
export function createEventBus(
  config: { REDIS_URL?: string; DATABASE_URL?: string },
  databaseKind: 'pglite' | 'postgres',
  onError?: (error: unknown) => void,
): EventBus {
  if (config.REDIS_URL) return createRedisEventBus({ url: config.REDIS_URL, onError });
  if (databaseKind === 'postgres' && config.DATABASE_URL) return createPostgresEventBus({ url: config.DATABASE_URL, onError });
  return createMemoryEventBus();
}
