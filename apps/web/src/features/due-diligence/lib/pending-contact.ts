import { readJson, removeKey, writeJson } from '@/lib/storage';

/** SPEC.md §4: the contact name and time of the last report sent, in session storage, until it is ready. */
export const PENDING_CONTACT_KEY = 'dueDiligencePendingContact';
/** Ids already notified (in this tab's session), so that one report notifies once. */
export const NOTIFIED_REPORTS_KEY = 'dueDiligenceNotifiedReports';

export interface PendingContact {
  contactName: string;
  /** ms since epoch. */
  timestamp: number;
}

export function writePendingContact(contactName: string, timestamp: number = Date.now()): void {
  writeJson('session', PENDING_CONTACT_KEY, { contactName, timestamp });
}

export function readPendingContact(): PendingContact | null {
  const value = readJson('session', PENDING_CONTACT_KEY) as Partial<PendingContact> | null;
  if (!value || typeof value.contactName !== 'string' || typeof value.timestamp !== 'number') return null;
  return { contactName: value.contactName, timestamp: value.timestamp };
}

export function clearPendingContact(): void {
  removeKey('session', PENDING_CONTACT_KEY);
}

export function readNotifiedReports(): string[] {
  const value = readJson('session', NOTIFIED_REPORTS_KEY);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

export function rememberNotifiedReport(id: string): void {
  writeJson('session', NOTIFIED_REPORTS_KEY, [...readNotifiedReports().filter((item) => item !== id), id].slice(-100));
}
