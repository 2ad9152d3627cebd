/**
 * The users table belongs to this module: every other module finds, creates or changes a user
 * through here (table-ownership.test.ts keeps the table's writes in users.repository.ts). The
 * functions take a database handle, not the context, so a caller can use them inside its own
 * transaction (sign-in locks the user row while it replaces the session).
 */
export type { NewUser, UserChanges, UserRow } from './users.repository';
export { findUserByEmail, findUserById, findUsersByEmails, insertUser, isEmailUsedByAnother, listActiveAdminIds, lockUser, updateUser } from './users.repository';
