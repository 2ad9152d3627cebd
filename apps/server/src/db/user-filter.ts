import { ilike, or, type SQL } from 'drizzle-orm';
import { users } from './schema';

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The admin lists' search box: the text anywhere in a user's email, first or last name. */
export function matchUser(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${escapeLike(q)}%`;
  return or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern));
}
