import type { Release, ReleaseInput } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { insertReleaseIfNew, listReleaseRows, type ReleaseRow } from './releases.repository';

/** The releases page shows at most this many, newest first. */
export const RELEASE_LIST_LIMIT = 100;

function toRelease(row: ReleaseRow): Release {
  return {
    id: row.id,
    title: row.title,
    version: row.version,
    type: row.type,
    description: row.description,
    sections: row.sections.map((section) => ({ title: section.title, items: [...section.items] })),
    released_at: row.releasedAt.toISOString(),
  };
}

/** Published release notes, newest first. */
export async function listReleases(ctx: AppContext): Promise<Release[]> {
  const rows = await listReleaseRows(ctx.db, RELEASE_LIST_LIMIT);
  return rows.map(toRelease);
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
    throw new AppError('CONFLICT', 409, `Version ${input.version} has already been published.`, {
      version: `Version ${input.version} has already been published.`,
    });
  }
  return toRelease(row);
}
