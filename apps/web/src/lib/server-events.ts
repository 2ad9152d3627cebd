import { useEffect, useRef } from 'react';
import { api, API_BASE_PATH } from './api-client';

/** What a listener receives: the parsed `data` of the event (null when it was not JSON). */
export type ServerEventHandler = (data: unknown) => void;

interface EventsTokenResponse {
  token: string;
  expires_in: number;
}

const RECONNECT_MIN_MS = 5_000;
const RECONNECT_MAX_MS = 60_000;

const handlers = new Map<string, Set<ServerEventHandler>>();

let source: EventSource | null = null;
let attachedTypes = new Set<string>();
let running = false;
let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
let reconnectDelay = RECONNECT_MIN_MS;
let generation = 0;

function parseData(raw: unknown): unknown {
  if (typeof raw !== 'string' || raw === '') return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function dispatch(type: string, event: Event): void {
  const data = parseData((event as MessageEvent).data);
  for (const handler of [...(handlers.get(type) ?? [])]) {
    try {
      handler(data);
    } catch {
      // One faulty listener must not stop the others (nor the stream).
    }
  }
}

function attachType(type: string): void {
  if (!source || attachedTypes.has(type)) return;
  attachedTypes.add(type);
  source.addEventListener(type, (event) => dispatch(type, event));
}

function closeSource(): void {
  source?.close();
  source = null;
  attachedTypes = new Set();
}

function scheduleReconnect(): void {
  if (!running || reconnectTimer) return;
  const delay = reconnectDelay;
  reconnectDelay = Math.min(reconnectDelay * 2, RECONNECT_MAX_MS);
  reconnectTimer = setTimeout(() => {
    reconnectTimer = null;
    void connect();
  }, delay);
}

async function connect(): Promise<void> {
  if (!running || typeof EventSource === 'undefined') return;
  const current = ++generation;
  closeSource();
  let token: string;
  try {
    // EventSource cannot send an Authorization header: the server issues a short-lived stream token.
    ({ token } = await api.post<EventsTokenResponse>('/events/token'));
  } catch {
    scheduleReconnect();
    return;
  }
  if (!running || current !== generation) return;
  const stream = new EventSource(`${API_BASE_PATH}/events?token=${encodeURIComponent(token)}`);
  source = stream;
  for (const type of handlers.keys()) attachType(type);
  stream.addEventListener('open', () => {
    reconnectDelay = RECONNECT_MIN_MS;
  });
  stream.addEventListener('error', () => {
    // CONNECTING: the browser retries by itself. CLOSED: the URL's token is spent or refused, so a
    // new one is needed.
    if (stream.readyState === EventSource.CLOSED && source === stream) {
      closeSource();
      scheduleReconnect();
    }
  });
}

/** Opens the stream of the signed-in user; call the returned function to close it (sign-out). */
export function startServerEvents(): () => void {
  running = true;
  reconnectDelay = RECONNECT_MIN_MS;
  void connect();
  return stopServerEvents;
}

export function stopServerEvents(): void {
  running = false;
  generation += 1;
  if (reconnectTimer) clearTimeout(reconnectTimer);
  reconnectTimer = null;
  closeSource();
}

/** Listens to one server event type (e.g. 'session_revoked', 'prices_updated'); returns the unsubscribe. */
export function subscribeServerEvent(type: string, handler: ServerEventHandler): () => void {
  let set = handlers.get(type);
  if (!set) {
    set = new Set();
    handlers.set(type, set);
  }
  set.add(handler);
  attachType(type);
  return () => {
    set.delete(handler);
  };
}

/**
 * React side of `subscribeServerEvent`: `useServerEvent('prices_updated', () => refetch())`. The
 * latest `handler` is always called, so it need not be memoised.
 */
export function useServerEvent(type: string, handler: ServerEventHandler): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribeServerEvent(type, (data) => latest.current(data)), [type]);
}
