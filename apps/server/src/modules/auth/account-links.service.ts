import { ACTIVATION_TTL_DAYS, type ActivationBody, type ActivationDetails, type ActivationResponse, authErrorMessages, EMAIL_VERIFICATION_TTL_HOURS, type Language, PASSWORD_RESET_TTL_HOURS, type ResetPasswordBody, type ResetTokenCheck, type VerifyEmailResponse } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import type { AccountTokenPurpose } from '../../db/schema';
import {
  renderActivationMail,
  renderEmailChangeConfirmMail,
  renderEmailChangeNoticeMail,
  renderPasswordResetMail,
  renderVerificationMail,
} from '../../integrations/mail/templates';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import { generateOpaqueToken, hashToken } from '../../lib/tokens';
import { revokeSessionsAndNotify } from '../sessions/sessions.service';
import * as users from '../users/users.service';
import type { UserRow } from '../users/users.service';
import { authLimits, consumeLimits, mailLimitKeys } from './auth.limits';
import { displayName, userLanguage } from './auth.presenters';
import * as repo from './auth.repository';
import type { AccountTokenRow } from './auth.repository';
import { authErrors } from './auth.errors';

const HOUR_MS = 3_600_000;

/** Lifetimes of mailed links (DECISIONS.md). */
export const linkLifetimesMs: Record<AccountTokenPurpose, number> = {
  email_verification: EMAIL_VERIFICATION_TTL_HOURS * HOUR_MS,
  password_reset: PASSWORD_RESET_TTL_HOURS * HOUR_MS,
  activation: ACTIVATION_TTL_DAYS * 24 * HOUR_MS,
  email_change: EMAIL_VERIFICATION_TTL_HOURS * HOUR_MS,
  email_change_cancel: ACTIVATION_TTL_DAYS * 24 * HOUR_MS,
};

/** Web pages the links open; each reads `token` from the query string. */
const linkPaths: Record<AccountTokenPurpose, string> = {
  email_verification: '/verify-email',
  password_reset: '/reset-password',
  activation: '/activate',
  // The verification page confirms a new address too: it posts the token to /auth/email/verify.
  email_change: '/verify-email',
  email_change_cancel: '/cancel-email-change',
};

export function buildLink(ctx: AppContext, purpose: AccountTokenPurpose, token: string): string {
  return `${ctx.config.PUBLIC_URL.replace(/\/+$/, '')}${linkPaths[purpose]}?token=${encodeURIComponent(token)}`;
}

/** A new single-use link token; earlier unused ones of the same purpose stop working. */
async function issueLinkToken(
  ctx: AppContext,
  user: UserRow,
  purpose: AccountTokenPurpose,
  data?: Record<string, unknown>,
  /** An earlier end than the purpose's lifetime (an invitation's activation link ends with the invitation). */
  endsBy?: Date,
): Promise<string> {
  const token = generateOpaqueToken();
  const now = ctx.now();
  const lifetimeEnd = now.getTime() + linkLifetimesMs[purpose];
  await ctx.db.transaction(async (tx) => {
    await repo.expireUnusedTokens(tx, user.id, purpose, now);
    await repo.insertAccountToken(tx, {
      userId: user.id,
      purpose,
      tokenHash: hashToken(token),
      data: data ?? null,
      createdAt: now,
      expiresAt: new Date(endsBy ? Math.min(lifetimeEnd, endsBy.getTime()) : lifetimeEnd),
    });
  });
  return token;
}

const linkErrors = {
  invalid: () => new AppError('TOKEN_INVALID', 400, authErrorMessages.linkInvalid),
  expired: () => new AppError('TOKEN_EXPIRED', 400, authErrorMessages.linkExpired),
  used: () => new AppError('TOKEN_USED', 400, authErrorMessages.linkUsed),
};

/** Why a token cannot be used (it exists but is spent or stale), for a precise answer. */
async function explainUnusableToken(ctx: AppContext, hash: string, purpose: AccountTokenPurpose, alternative?: AccountTokenPurpose): Promise<AppError> {
  const row = (await repo.findAccountToken(ctx.db, hash, purpose)) ?? (alternative ? await repo.findAccountToken(ctx.db, hash, alternative) : undefined);
  if (!row) return linkErrors.invalid();
  if (row.usedAt) return linkErrors.used();
  return linkErrors.expired();
}

/** Spends a token atomically: valid, unused and unexpired, or an AppError saying which it is not. */
async function consumeLinkToken(ctx: AppContext, token: string, purpose: AccountTokenPurpose): Promise<AccountTokenRow> {
  const hash = hashToken(token);
  const row = await repo.consumeAccountToken(ctx.db, hash, purpose, ctx.now());
  if (!row) throw await explainUnusableToken(ctx, hash, purpose);
  return row;
}

/** Sends (or re-sends) the verification mail in the user's language. */
export async function sendVerificationMail(ctx: AppContext, user: UserRow): Promise<void> {
  const token = await issueLinkToken(ctx, user, 'email_verification');
  const mail = renderVerificationMail(userLanguage(user), { name: displayName(user), link: buildLink(ctx, 'email_verification', token) });
  await ctx.mailer.send({ to: user.email, ...mail });
}

/**
 * A verification link proves the mailbox: either the account's own address (sign-up) or the new
 * address of a requested change, which only now becomes the sign-in address.
 */
export async function verifyEmail(ctx: AppContext, token: string): Promise<VerifyEmailResponse> {
  const hash = hashToken(token);
  const change = await repo.consumeAccountToken(ctx.db, hash, 'email_change', ctx.now());
  if (change) return confirmEmailChange(ctx, change);
  const row = await repo.consumeAccountToken(ctx.db, hash, 'email_verification', ctx.now());
  if (!row) throw await explainUnusableToken(ctx, hash, 'email_verification', 'email_change');
  const user = await users.updateUser(ctx.db, row.userId, { emailVerifiedAt: ctx.now(), updatedAt: ctx.now() });
  if (!user) throw linkErrors.invalid();
  return { ok: true, email: user.email };
}

const emailTaken = () => new AppError('EMAIL_TAKEN', 409, authErrorMessages.emailTaken, { email: authErrorMessages.emailTaken });

async function confirmEmailChange(ctx: AppContext, row: AccountTokenRow): Promise<VerifyEmailResponse> {
  const email = typeof row.data?.email === 'string' ? row.data.email : null;
  if (!email) throw linkErrors.invalid();
  const other = await users.findUserByEmail(ctx.db, email);
  if (other && other.id !== row.userId) throw emailTaken();
  const now = ctx.now();
  let user: UserRow | undefined;
  try {
    user = await users.updateUser(ctx.db, row.userId, { email, emailVerifiedAt: now, updatedAt: now });
  } catch (error) {
    if (await users.findUserByEmail(ctx.db, email)) throw emailTaken();
    throw error;
  }
  if (!user) throw linkErrors.invalid();
  // Reset and verification links went to the old address.
  await repo.expireUnusedTokens(ctx.db, user.id, 'password_reset', now);
  await repo.expireUnusedTokens(ctx.db, user.id, 'email_verification', now);
  await ctx.events.publish({ userId: user.id, type: 'user_changed', data: {} }).catch(() => {});
  return { ok: true, email: user.email };
}

/**
 * A signed-in user (already re-authenticated by the caller) asks to move the account to `newEmail`.
 * Nothing changes yet: the new address gets a confirmation link, the current one a notice with a
 * link that cancels the change and signs every session out.
 */
export async function requestEmailChange(ctx: AppContext, user: UserRow, newEmail: string): Promise<void> {
  const confirm = await issueLinkToken(ctx, user, 'email_change', { email: newEmail });
  const cancel = await issueLinkToken(ctx, user, 'email_change_cancel', { from: user.email, to: newEmail });
  const language = userLanguage(user);
  const name = displayName(user);
  const notice = renderEmailChangeNoticeMail(language, { name, newEmail, link: buildLink(ctx, 'email_change_cancel', cancel) });
  await ctx.mailer.send({ to: user.email, ...notice });
  const mail = renderEmailChangeConfirmMail(language, { name, link: buildLink(ctx, 'email_change', confirm) });
  await ctx.mailer.send({ to: newEmail, ...mail });
}

/** The address a change waits to confirm, if any. */
export async function pendingEmailOf(ctx: AppContext, userId: string): Promise<string | null> {
  const row = await repo.findPendingToken(ctx.db, userId, 'email_change', ctx.now());
  return typeof row?.data?.email === 'string' ? row.data.email : null;
}

/**
 * The old address's "this was not me": the pending change dies, a change already confirmed is
 * undone (when the old address is still free), and every session of the account is revoked.
 */
export async function cancelEmailChange(ctx: AppContext, token: string): Promise<{ ok: true; email: string }> {
  const row = await consumeLinkToken(ctx, token, 'email_change_cancel');
  const now = ctx.now();
  const user = await users.findUserById(ctx.db, row.userId);
  if (!user) throw linkErrors.invalid();
  const from = typeof row.data?.from === 'string' ? row.data.from : null;
  const to = typeof row.data?.to === 'string' ? row.data.to : null;
  await repo.expireUnusedTokens(ctx.db, user.id, 'email_change', now);
  await repo.expireUnusedTokens(ctx.db, user.id, 'password_reset', now);
  let email = user.email;
  if (from && to && user.email.toLowerCase() === to.toLowerCase()) {
    const other = await users.findUserByEmail(ctx.db, from);
    if (!other || other.id === user.id) {
      const restored = await users.updateUser(ctx.db, user.id, { email: from, emailVerifiedAt: now, updatedAt: now });
      email = restored?.email ?? email;
    }
  }
  await revokeSessionsAndNotify(ctx, { userId: user.id }, 'email_change_cancelled');
  return { ok: true, email };
}

/** Re-sends the verification mail. SPEC.md's messages reveal unknown addresses; the limits slow enumeration. */
export async function resendVerification(ctx: AppContext, email: string, ip: string): Promise<{ ok: true }> {
  await consumeLimits(ctx, mailLimitKeys('resend', email, ip));
  const user = await users.findUserByEmail(ctx.db, email);
  if (!user) throw authErrors.userNotFound();
  if (user.emailVerifiedAt) throw new AppError('EMAIL_ALREADY_VERIFIED', 409, authErrorMessages.emailAlreadyVerified);
  await sendVerificationMail(ctx, user);
  return { ok: true };
}

export async function forgotPassword(ctx: AppContext, email: string, ip: string): Promise<{ ok: true }> {
  await consumeLimits(ctx, mailLimitKeys('forgot', email, ip));
  const user = await users.findUserByEmail(ctx.db, email);
  if (!user) throw authErrors.userNotFound();
  const token = await issueLinkToken(ctx, user, 'password_reset');
  const mail = renderPasswordResetMail(userLanguage(user), { name: displayName(user), link: buildLink(ctx, 'password_reset', token) });
  await ctx.mailer.send({ to: user.email, ...mail });
  return { ok: true };
}

/**
 * Sets a new password from a reset link and signs out every session of the user (whoever asked
 * for the reset may be locking someone out). Following the link proves the mailbox, so the
 * address counts as verified.
 */
export async function resetPassword(ctx: AppContext, body: ResetPasswordBody): Promise<{ ok: true }> {
  const row = await consumeLinkToken(ctx, body.token, 'password_reset');
  const now = ctx.now();
  const user = await users.findUserById(ctx.db, row.userId);
  if (!user) throw linkErrors.invalid();
  await users.updateUser(ctx.db, user.id, {
    passwordHash: await hashPassword(body.password),
    emailVerifiedAt: user.emailVerifiedAt ?? now,
    updatedAt: now,
  });
  await revokeSessionsAndNotify(ctx, { userId: user.id }, 'password_reset');
  return { ok: true };
}

/**
 * Whether a password-reset link can still be used (POST /auth/password/reset/check), so the page
 * says at once that it is used or expired instead of after the form. Spends nothing.
 */
export async function checkResetToken(ctx: AppContext, token: string, ip: string): Promise<ResetTokenCheck> {
  await consumeLimits(ctx, [{ key: `reset-check:ip:${ip}`, limit: authLimits.linkCheckPerIp }]);
  const row = await repo.findAccountToken(ctx.db, hashToken(token), 'password_reset');
  if (!row) throw linkErrors.invalid();
  if (row.usedAt) throw linkErrors.used();
  if (row.expiresAt <= ctx.now()) throw linkErrors.expired();
  return { ok: true, expires_at: row.expiresAt.toISOString() };
}

/** What the invitee sees before choosing a password (GET /auth/activation?token). */
export async function getActivation(ctx: AppContext, token: string): Promise<ActivationDetails> {
  const hash = hashToken(token);
  const row = await repo.findAccountToken(ctx.db, hash, 'activation');
  if (!row) throw linkErrors.invalid();
  if (row.usedAt) throw linkErrors.used();
  if (row.expiresAt <= ctx.now()) throw linkErrors.expired();
  const user = await users.findUserById(ctx.db, row.userId);
  if (!user) throw linkErrors.invalid();
  const invitedBy = typeof row.data?.invitedBy === 'string' ? row.data.invitedBy : null;
  return {
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
    invited_by: invitedBy,
    expires_at: row.expiresAt.toISOString(),
  };
}

/** Completes an activation: the password is set, the address verified, the account active. */
export async function completeActivation(ctx: AppContext, body: ActivationBody): Promise<ActivationResponse> {
  const row = await consumeLinkToken(ctx, body.token, 'activation');
  const now = ctx.now();
  const user = await users.updateUser(ctx.db, row.userId, {
    passwordHash: await hashPassword(body.password),
    emailVerifiedAt: now,
    active: true,
    updatedAt: now,
  });
  if (!user) throw linkErrors.invalid();
  await revokeSessionsAndNotify(ctx, { userId: user.id }, 'password_reset');
  return { ok: true, email: user.email };
}

export interface InviteAccountInput {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  /** Shown in the mail and on the activation page, e.g. the inviter's name or company. */
  invitedBy?: string | null;
  language?: Language;
  /** The activation link stops working then at the latest (the invitation's own expiry). */
  expiresAt?: Date;
}

/**
 * For the data-sharing invitations: makes sure a `cliente` account exists for the address and
 * mails it an activation link (7 days). An address that already has an account with a password
 * gets no link (it can sign in as it is); the answer says so.
 */
export async function inviteAccount(
  ctx: AppContext,
  input: InviteAccountInput,
): Promise<{ userId: string; created: boolean; activationSent: boolean }> {
  let user = await users.findUserByEmail(ctx.db, input.email);
  let created = false;
  if (!user) {
    try {
      user = await users.insertUser(ctx.db, {
        email: input.email.trim(),
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        role: 'cliente',
        planCode: 'starter',
        language: input.language ?? 'en',
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      });
      created = true;
    } catch (error) {
      user = await users.findUserByEmail(ctx.db, input.email);
      if (!user) throw error;
    }
  }
  if (user.passwordHash) return { userId: user.id, created, activationSent: false };
  const token = await issueLinkToken(ctx, user, 'activation', { invitedBy: input.invitedBy ?? null }, input.expiresAt);
  const mail = renderActivationMail(userLanguage(user), {
    name: user.firstName ? displayName(user) : null,
    link: buildLink(ctx, 'activation', token),
    invitedBy: input.invitedBy ?? null,
  });
  await ctx.mailer.send({ to: user.email, ...mail });
  return { userId: user.id, created, activationSent: true };
}
