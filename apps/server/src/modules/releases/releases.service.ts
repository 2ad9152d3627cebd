import { releaseMessages, withParams } from '@fueldesk/contracts';
import type { Language, Release, ReleaseInput } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { insertReleaseIfNew, listReleaseRows, type ReleaseRow } from './releases.repository';

/** The releases page shows at most this many, newest first. */
export const RELEASE_LIST_LIMIT = 100;

/** The release in the reader's language when it has that translation, else in English (its own columns). */
function toRelease(row: ReleaseRow, lang: Language = 'en'): Release {
  const translated = lang === 'en' ? undefined : row.translations?.[lang];
  const text = translated ?? row;
  return {
    id: row.id,
    title: text.title,
    version: row.version,
    type: row.type,
    description: text.description,
    sections: text.sections.map((section) => ({ title: section.title, items: [...section.items] })),
    released_at: row.releasedAt.toISOString(),
    language: translated ? lang : 'en',
  };
}

/** Published release notes, newest first, in the reader's language where a release has it. */
export async function listReleases(ctx: AppContext, lang: Language): Promise<Release[]> {
  const rows = await listReleaseRows(ctx.db, RELEASE_LIST_LIMIT);
  return rows.map((row) => toRelease(row, lang));
}

/** Publishes a release (admins only, checked by the route). A version can be published once. */
export async function publishRelease(ctx: AppContext, admin: AuthUser, input: ReleaseInput): Promise<Release> {
  const row = await insertReleaseIfNew(ctx.db, {
    title: input.title,
    version: input.version,
    type: input.type,
    description: input.description,
    sections: input.sections,
    releasedAt: ctx.now(),
    createdBy: admin.id,
    createdAt: ctx.now(),
  });
  if (!row) {
    const taken = withParams(releaseMessages.versionTaken, { version: input.version });
    throw new AppError('CONFLICT', 409, taken, { version: taken });
  }
  return toRelease(row);
}
