import type { SessionRecord } from '@fueldesk/contracts';

/**
 * SPEC.md §2: a profile without a website shows one derived from the company name, e.g.
 * 'Acme Fuels' → 'acmefuels.com'. Nothing is derived from an empty or placeholder company.
 */
export function deriveWebsite(website: string | null | undefined, company: string | null | undefined): string | null {
  if (website && website.trim()) return website.trim();
  const slug = (company ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  return slug ? `${slug}.com` : null;
}

/** An href for a stored or derived site (stored ones already carry https://). */
export function toHref(site: string): string {
  return /^https?:\/\//i.test(site) ? site : `https://${site}`;
}

/** Whole seconds as hh:mm:ss; hours keep counting past 24. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return [hours, minutes, rest].map((part) => String(part).padStart(2, '0')).join(':');
}

/** SPEC.md §4: the counter ticks on the most recently seen session that is not revoked. */
export function findLiveSessionId(sessions: readonly SessionRecord[]): string | null {
  let live: SessionRecord | null = null;
  for (const session of sessions) {
    if (session.revoked_at) continue;
    if (!live || Date.parse(session.last_seen_at) > Date.parse(live.last_seen_at)) live = session;
  }
  return live?.id ?? null;
}

/** The role label of SPEC.md §2: admin (or superadmin) and user; a cliente is labelled as such. */
export function resolveRoleLabelKey(role: string, isSuperadmin: boolean): 'admin' | 'user' | 'cliente' {
  if (isSuperadmin || role === 'admin') return 'admin';
  return role === 'cliente' ? 'cliente' : 'user';
}
