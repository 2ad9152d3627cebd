import { authErrorMessages, errorMessages, normalizeProfileUpdate, type Profile, type ProfileUpdateBody } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { pendingEmailOf, requestEmailChange } from '../auth/account-links.service';
import { requireCurrentPassword } from '../auth/auth.service';
import { toProfile } from '../auth/auth.presenters';
import * as users from '../users/users.service';


export async function getProfile(ctx: AppContext, userId: string): Promise<Profile> {
  const row = await users.findUserById(ctx.db, userId);
  if (!row) throw new AppError('UNAUTHENTICATED', 401, errorMessages.UNAUTHENTICATED);
  return { ...toProfile(row), pending_email: await pendingEmailOf(ctx, userId) };
}

/**
 * Saves the settings form with SPEC.md §5's normalisation. Only profile fields exist in the body,
 * so role, plan and other privileged fields sent by the user never reach the database.
 *
 * A new email address is a change of credentials (whoever controls the address can reset the
 * password): it needs the current password, and the sign-in address stays as it is until the new
 * one is confirmed through the link mailed to it; the old address is told at once and can cancel.
 */
export async function updateProfile(ctx: AppContext, userId: string, body: ProfileUpdateBody): Promise<Profile> {
  const current = await users.findUserById(ctx.db, userId);
  if (!current) throw new AppError('UNAUTHENTICATED', 401, errorMessages.UNAUTHENTICATED);
  const input = normalizeProfileUpdate(body);
  const now = ctx.now();
  const changes: users.UserChanges = { updatedAt: now };
  if (input.first_name !== undefined) changes.firstName = input.first_name;
  if (input.last_name !== undefined) changes.lastName = input.last_name;
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.company !== undefined) changes.company = input.company;
  if (input.website !== undefined) changes.website = input.website;
  if (input.bio !== undefined) changes.bio = input.bio;
  if (input.linkedin !== undefined) changes.linkedin = input.linkedin;
  if (input.twitter !== undefined) changes.twitter = input.twitter;
  if (input.country !== undefined) changes.country = input.country;
  if (input.comm_email !== undefined) changes.commEmail = input.comm_email;
  if (input.comm_phone !== undefined) changes.commPhone = input.comm_phone;
  if (input.allow_changes !== undefined) changes.allowChanges = input.allow_changes;
  if (input.language !== undefined) changes.language = input.language;

  const emailChanged = input.email !== undefined && input.email.toLowerCase() !== current.email.toLowerCase();
  if (emailChanged) {
    await requireCurrentPassword(ctx, current, body.current_password);
    if (await users.isEmailUsedByAnother(ctx.db, input.email!, userId)) {
      throw new AppError('EMAIL_TAKEN', 409, authErrorMessages.emailTaken, { email: authErrorMessages.emailTaken });
    }
  } else if (input.email !== undefined && input.email !== current.email) {
    changes.email = input.email;
  }

  const updated = await users.updateUser(ctx.db, userId, changes);
  if (!updated) throw new AppError('UNAUTHENTICATED', 401, errorMessages.UNAUTHENTICATED);
  if (emailChanged) await requestEmailChange(ctx, updated, input.email!);
  return { ...toProfile(updated), pending_email: await pendingEmailOf(ctx, userId) };
}
