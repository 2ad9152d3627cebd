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
  publish(event: AppEvent): Promise<void>;
  subscribe(listener: EventListener): () => void;
  close(): Promise<void>;
}

export function createMemoryEventBus(): EventBus {
  const listeners = new Set<EventListener>();
  return {
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
