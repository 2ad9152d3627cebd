import { NOTIFICATIONS_MAX } from '@fueldesk/contracts';
import { useCallback, useSyncExternalStore } from 'react';
import { createId } from './create-id';
import { readJson, writeJson } from './storage';

/** A notification kept in the browser per user (SPEC.md §3, DECISIONS.md). */
export interface AppNotification {
  id: string;
  text: string;
  /** ISO 8601. */
  time: string;
  contactName: string | null;
  openUrl: string | null;
  read: boolean;
}

export interface NewNotification {
  text: string;
  contactName?: string | null;
  openUrl?: string | null;
  time?: string;
}

const KEY_PREFIX = 'notifications:';
const GUEST_OWNER = 'guest';

/** `notifications:<email>` for a signed-in user, `notifications:guest` otherwise. */
export function getNotificationsKey(owner?: string | null): string {
  const email = owner?.trim().toLowerCase();
  return `${KEY_PREFIX}${email || GUEST_OWNER}`;
}

function isNotification(value: unknown): value is AppNotification {
  if (value === null || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  return typeof item.id === 'string' && typeof item.text === 'string' && typeof item.time === 'string';
}

function parseStored(key: string): AppNotification[] {
  const stored = readJson('local', key);
  if (!Array.isArray(stored)) return [];
  return stored.filter(isNotification).map((item) => ({
    id: item.id,
    text: item.text,
    time: item.time,
    contactName: typeof item.contactName === 'string' ? item.contactName : null,
    openUrl: typeof item.openUrl === 'string' ? item.openUrl : null,
    read: item.read === true,
  }));
}

// Snapshots are cached per key so that useSyncExternalStore sees a stable array between writes.
const cache = new Map<string, AppNotification[]>();
const listeners = new Set<() => void>();

function getSnapshot(key: string): AppNotification[] {
  let list = cache.get(key);
  if (!list) {
    list = parseStored(key);
    cache.set(key, list);
  }
  return list;
}

function emit(): void {
  for (const listener of listeners) listener();
}

function save(key: string, list: AppNotification[]): void {
  cache.set(key, list);
  writeJson('local', key, list);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function onStorage(event: StorageEvent): void {
  if (event.key === null) cache.clear();
  else if (event.key.startsWith(KEY_PREFIX)) cache.delete(event.key);
  else return;
  emit();
}

export function readNotifications(owner?: string | null): AppNotification[] {
  return getSnapshot(getNotificationsKey(owner));
}

/**
 * Adds an unread notification at the top; beyond NOTIFICATIONS_MAX the oldest are dropped.
 * The due-diligence feature calls it when a report is ready.
 */
export function addNotification(owner: string | null | undefined, input: NewNotification): AppNotification {
  const key = getNotificationsKey(owner);
  const notification: AppNotification = {
    id: createId(),
    text: input.text,
    time: input.time ?? new Date().toISOString(),
    contactName: input.contactName ?? null,
    openUrl: input.openUrl ?? null,
    read: false,
  };
  save(key, [notification, ...getSnapshot(key)].slice(0, NOTIFICATIONS_MAX));
  return notification;
}

export function markAllNotificationsRead(owner?: string | null): void {
  const key = getNotificationsKey(owner);
  const list = getSnapshot(key);
  if (list.every((item) => item.read)) return;
  save(
    key,
    list.map((item) => ({ ...item, read: true })),
  );
}

export function removeNotification(owner: string | null | undefined, id: string): void {
  const key = getNotificationsKey(owner);
  save(
    key,
    getSnapshot(key).filter((item) => item.id !== id),
  );
}

/** Drops cached lists so the next read comes from storage (tests, sign-in as another user). */
export function resetNotificationsCache(): void {
  cache.clear();
  emit();
}

export function useNotifications(owner?: string | null): AppNotification[] {
  const key = getNotificationsKey(owner);
  const read = useCallback(() => getSnapshot(key), [key]);
  return useSyncExternalStore(subscribe, read, read);
}

export type NotificationTarget =
  | { kind: 'report'; reportId: string }
  | { kind: 'internal'; path: string }
  | { kind: 'external'; url: string }
  | { kind: 'none' };

const REPORT_ID_PARAMS = ['id', 'reportId', 'report_id'];
const REPORT_PATH = /\/reports?\/([A-Za-z0-9_-]+)/;

/** The report id a notification link carries: `?id=123` or a `/report/123` path. */
export function extractReportId(openUrl: string, origin: string = window.location.origin): string | null {
  let url: URL;
  try {
    url = new URL(openUrl, origin);
  } catch {
    return null;
  }
  for (const name of REPORT_ID_PARAMS) {
    const value = url.searchParams.get(name)?.trim();
    if (value) return value;
  }
  return REPORT_PATH.exec(url.pathname)?.[1] ?? null;
}

/** Where clicking a notification leads (SPEC.md §4): the report detail, else the link, else nowhere. */
export function resolveNotificationTarget(
  openUrl: string | null,
  origin: string = window.location.origin,
): NotificationTarget {
  if (!openUrl?.trim()) return { kind: 'none' };
  const reportId = extractReportId(openUrl, origin);
  if (reportId) return { kind: 'report', reportId };
  let url: URL;
  try {
    url = new URL(openUrl, origin);
  } catch {
    return { kind: 'none' };
  }
  // Only web links are followed: a stored `javascript:` URL must never run.
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'none' };
  if (url.origin === origin) return { kind: 'internal', path: `${url.pathname}${url.search}${url.hash}` };
  return { kind: 'external', url: url.href };
}
