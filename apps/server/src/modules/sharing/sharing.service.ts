import {
  bankMessages,
  findPlan,
  INVITATION_TTL_DAYS,
  type CreateInvitationBody,
  type Invitation,
  type InvitationDetail,
  type InvitationListResponse,
  type InvitationUsage,
  type ReceivedInvitation,
  type SharedData,
  type SharingScope,
  type Message,
} from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { renderSharingRequestMail } from '../../integrations/mail/templates';
import { AppError, badRequest } from '../../lib/app-error';
import { hardeningMessages } from '../../lib/hardening-messages';
import type { AuthUser } from '../../plugins/auth';
import { inviteAccount } from '../auth/account-links.service';
import { collectSharedData, hasBankConnection, hasVerifiedIdentity } from '../bank/bank.service';
import { recordAudit, userActor, type AuditActor } from '../audit/audit.service';
import * as repo from './sharing.repository';
import type { InvitationRow, InvitationStatusValue } from './sharing.repository';

const DAY_MS = 86_400_000;
/** Shared data is read from the provider at view time; this short cache spares it on quick reloads. */
export const SHARED_DATA_CACHE_MS = 60_000;

const notFound = () => new AppError('NOT_FOUND', 404, bankMessages.notFound);

/** Resending one invitation: at most once a minute and five times in 24 hours (the first sending counts). */
export const INVITATION_RESEND_INTERVAL_MS = 60_000;
export const INVITATION_MAILS_PER_INVITATION_PER_DAY = 5;
/** Invitation mails (new and resent) one user may make the server send in 24 hours. */
export const INVITATION_MAILS_PER_USER_PER_DAY = 20;

function tooMany(detail: Message, retryAfterMs: number) {
  return new AppError('RATE_LIMITED', 429, detail, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
}

/**
 * Counts an invitation mail against the limits, in the caller's transaction (the inviter's row is
 * locked, so concurrent requests are counted one after the other), or refuses with 429 and
 * Retry-After. The rows live in the database: the limits hold across restarts and instances.
 */
async function reserveInvitationMail(
  tx: Parameters<typeof repo.lockInviter>[0],
  userId: string,
  invitation: { id: string; resend: boolean } | null,
  now: Date,
): Promise<(subjectId: string) => Promise<string>> {
  const since = new Date(now.getTime() - DAY_MS);
  const nowMs = now.getTime();
  if (invitation?.resend) {
    const times = await repo.listInvitationMailTimes(tx, { userId, subjectId: invitation.id, since });
    if (times.length >= INVITATION_MAILS_PER_INVITATION_PER_DAY) {
      throw tooMany(hardeningMessages.resendDailyLimit, times[times.length - INVITATION_MAILS_PER_INVITATION_PER_DAY]!.getTime() + DAY_MS - nowMs);
    }
  }
  const mine = await repo.listInvitationMailTimes(tx, { userId, since });
  if (mine.length >= INVITATION_MAILS_PER_USER_PER_DAY) {
    throw tooMany(hardeningMessages.invitationMailsDailyLimit, mine[mine.length - INVITATION_MAILS_PER_USER_PER_DAY]!.getTime() + DAY_MS - nowMs);
  }
  return (subjectId) => repo.recordInvitationMail(tx, { userId, subjectId, sentAt: now });
}

/** An invitation's seven days are over (checked on every read and action, not only by the hourly job). */
const expired = () => new AppError('CONFLICT', 409, hardeningMessages.invitationExpired);

/**
 * The status as of `now`: a PENDING invitation past its `expires_at` is EXPIRED whether or not the
 * hourly job has marked it yet (the job only tidies the rows up and tells the inviters).
 */
export function statusAt(row: Pick<InvitationRow, 'status' | 'expiresAt'>, now: Date): InvitationStatusValue {
  return row.status === 'PENDING' && row.expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : row.status;
}

function toInvitation(row: InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    scopes: row.scopes as SharingScope[],
    status: statusAt(row, now),
    created_at: row.createdAt.toISOString(),
    consented_at: row.consentedAt?.toISOString() ?? null,
    responded_at: row.respondedAt?.toISOString() ?? null,
    expires_at: row.expiresAt.toISOString(),
  };
}

/** The calendar month (UTC) that holds `now`. */
function monthOf(now: Date) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

async function usageOf(ctx: AppContext, userId: string, db: Parameters<typeof repo.countInvitationsCreated>[0] = ctx.db): Promise<InvitationUsage> {
  const inviter = await repo.findInviter(db, userId);
  const plan = findPlan(inviter?.planCode) ?? findPlan('starter')!;
  const { start, end } = monthOf(ctx.now());
  const used = await repo.countInvitationsCreated(db, userId, start, end);
  return {
    plan_code: plan.code,
    limit: plan.financialValidations,
    used,
    remaining: Math.max(0, plan.financialValidations - used),
    period_start: start.toISOString(),
    period_end: end.toISOString(),
  };
}

function inviterName(inviter: { firstName: string | null; lastName: string | null; company: string | null; email: string }): string {
  const name = [inviter.firstName, inviter.lastName].filter((part) => part && part.trim()).join(' ').trim();
  if (name && inviter.company) return `${name} (${inviter.company})`;
  return name || inviter.company || inviter.email;
}

/**
 * Mails the invitee: a new address gets an activation link (and a `cliente` account); an address
 * with an account gets a pointer to its received invitations and keeps its role.
 */
async function sendInvitationMail(ctx: AppContext, row: InvitationRow, language: 'en' | 'es'): Promise<string> {
  const inviter = await repo.findInviter(ctx.db, row.inviterId);
  const invitedBy = inviter ? inviterName(inviter) : null;
  const existing = await repo.findAccountByEmail(ctx.db, row.email);
  if (existing?.passwordHash) {
    const mail = renderSharingRequestMail(existing.language === 'es' ? 'es' : 'en', {
      name: [existing.firstName, existing.lastName].filter(Boolean).join(' ') || null,
      link: `${ctx.config.PUBLIC_URL.replace(/\/+$/, '')}/bank/verification`,
      invitedBy: invitedBy ?? row.email,
    });
    await ctx.mailer.send({ to: existing.email, ...mail });
    return existing.id;
  }
  // The activation link ends with the invitation: an expired invitation activates nothing.
  const invited = await inviteAccount(ctx, { email: row.email, invitedBy, language, expiresAt: row.expiresAt });
  return invited.userId;
}

/** A user's sent invitations (deleted ones left out) and the month's usage of the plan. */
export async function listInvitations(ctx: AppContext, user: AuthUser): Promise<InvitationListResponse> {
  const rows = await repo.listInvitationsOfInviter(ctx.db, user.id);
  const now = ctx.now();
  return { invitations: rows.map((row) => toInvitation(row, now)), usage: await usageOf(ctx, user.id) };
}

/**
 * Sends a data-sharing invitation. The plan's financial validations a month bound it (403
 * PLAN_LIMIT past them); one pending invitation per address. A mail that cannot be sent undoes it.
 */
export async function createInvitation(
  ctx: AppContext,
  user: AuthUser,
  body: CreateInvitationBody,
  language: 'en' | 'es',
  actor: AuditActor = userActor(user),
): Promise<Invitation> {
  const email = body.email.trim();
  if (email.toLowerCase() === user.email.toLowerCase()) throw badRequest(bankMessages.selfInvite, { email: bankMessages.selfInvite });
  const now = ctx.now();
  let row: InvitationRow;
  let mailSendId: string | null = null;
  try {
    row = await ctx.db.transaction(async (tx) => {
      await repo.lockInviter(tx, user.id);
      const usage = await usageOf(ctx, user.id, tx);
      if (usage.used >= usage.limit) throw new AppError('PLAN_LIMIT', 403, bankMessages.planLimit);
      // A pending invitation to this address whose time ran out no longer blocks a new one.
      await repo.expirePendingTo(tx, user.id, email, now);
      if (await repo.findPendingTo(tx, user.id, email)) throw new AppError('CONFLICT', 409, bankMessages.duplicatePending, { email: bankMessages.duplicatePending });
      const record = await reserveInvitationMail(tx, user.id, null, now);
      const inserted = await repo.insertInvitation(tx, {
        inviterId: user.id,
        email,
        scopes: body.scopes,
        status: 'PENDING',
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
        lastSentAt: now,
      });
      mailSendId = await record(inserted.id);
      return inserted;
    });
  } catch (error) {
    // The partial unique index is the last word when two requests for one address race.
    if ((error as { cause?: { code?: string }; code?: string }).cause?.code === '23505' || (error as { code?: string }).code === '23505') {
      throw new AppError('CONFLICT', 409, bankMessages.duplicatePending, { email: bankMessages.duplicatePending });
    }
    throw error;
  }
  try {
    const inviteeId = await sendInvitationMail(ctx, row, language);
    const sent = row;
    // The invitation exists once its mail went: that is when it is recorded.
    row = await ctx.db.transaction(async (tx) => {
      const updated = (await repo.updateInvitation(tx, sent.id, { inviteeId })) ?? sent;
      await recordAudit(tx, { at: ctx.now(), actor, action: 'sharing.invite', subject: email, details: { invitation_id: sent.id, scopes: body.scopes } });
      return updated;
    });
  } catch (error) {
    ctx.log.error({ err: error, invitationId: row.id }, 'invitation mail failed');
    await repo.deleteInvitationRow(ctx.db, row.id);
    if (mailSendId) await repo.forgetInvitationMail(ctx.db, mailSendId);
    throw new AppError('PROVIDER_ERROR', 502, bankMessages.inviteFailed);
  }
  return toInvitation(row, now);
}

/** Sends the mail again for a pending invitation; the seven days count from the first sending. */
export async function resendInvitation(ctx: AppContext, user: AuthUser, id: string, language: 'en' | 'es'): Promise<Invitation> {
  const row = await repo.findInvitationOfInviter(ctx.db, id, user.id);
  if (!row) throw notFound();
  const now = ctx.now();
  if (statusAt(row, now) === 'EXPIRED') throw expired();
  if (row.status !== 'PENDING') throw new AppError('CONFLICT', 409, bankMessages.notPending);
  // Once a minute: the first of concurrent resends takes the slot, the others are refused at once.
  const claimed = await repo.claimResendSlot(ctx.db, row.id, now, new Date(now.getTime() - INVITATION_RESEND_INTERVAL_MS));
  if (!claimed) {
    const current = (await repo.findInvitationOfInviter(ctx.db, id, user.id)) ?? row;
    const wait = current.lastSentAt.getTime() + INVITATION_RESEND_INTERVAL_MS - now.getTime();
    if (wait > 0) throw tooMany(hardeningMessages.resendTooSoon, wait);
    if (statusAt(current, now) === 'EXPIRED') throw expired();
    throw new AppError('CONFLICT', 409, bankMessages.notPending);
  }
  let mailSendId: string;
  try {
    mailSendId = await ctx.db.transaction(async (tx) => {
      await repo.lockInviter(tx, user.id);
      const record = await reserveInvitationMail(tx, user.id, { id: row.id, resend: true }, now);
      return record(row.id);
    });
  } catch (error) {
    await repo.releaseResendSlot(ctx.db, row.id, now, row.lastSentAt);
    throw error;
  }
  try {
    const inviteeId = await sendInvitationMail(ctx, row, language);
    return toInvitation((await repo.updateInvitation(ctx.db, row.id, { inviteeId, lastSentAt: now })) ?? row, now);
  } catch (error) {
    ctx.log.error({ err: error, invitationId: row.id }, 'invitation mail failed');
    await repo.forgetInvitationMail(ctx.db, mailSendId);
    await repo.releaseResendSlot(ctx.db, row.id, now, row.lastSentAt);
    throw new AppError('PROVIDER_ERROR', 502, bankMessages.inviteFailed);
  }
}

const dataCaches = new WeakMap<AppContext, Map<string, { data: SharedData; at: number }>>();

/**
 * One sent invitation. `data` carries only the consented scopes, only while ACCEPTED, read from
 * the provider now (briefly cached): the status is checked on every call, so a revoked consent
 * hides the data at once.
 */
export async function getInvitation(ctx: AppContext, user: AuthUser, id: string): Promise<InvitationDetail> {
  const row = await repo.findInvitationOfInviter(ctx.db, id, user.id);
  if (!row) throw notFound();
  const now = ctx.now();
  if (row.status !== 'ACCEPTED' || !row.inviteeId) return { ...toInvitation(row, now), data: null };
  let cache = dataCaches.get(ctx);
  if (!cache) dataCaches.set(ctx, (cache = new Map()));
  const nowMs = now.getTime();
  const cached = cache.get(row.id);
  if (cached && nowMs - cached.at < SHARED_DATA_CACHE_MS) return { ...toInvitation(row, now), data: cached.data };
  const scopes = (row.consentedScopes ?? []) as SharingScope[];
  const data = await collectSharedData(ctx, row.inviteeId, scopes);
  cache.set(row.id, { data, at: nowMs });
  return { ...toInvitation(row, now), data };
}

async function notifyInviter(ctx: AppContext, row: InvitationRow) {
  await ctx.events
    .publish({ userId: row.inviterId, type: 'invitation_updated', data: { id: row.id, email: row.email, status: row.status } })
    .catch((error) => ctx.log.warn({ err: error }, 'could not publish invitation_updated'));
}

function forgetSharedData(ctx: AppContext, id: string) {
  dataCaches.get(ctx)?.delete(id);
}

/** The inviter ends an invitation: a pending one can no longer be answered, an accepted one serves nothing more. */
export async function revokeInvitation(ctx: AppContext, user: AuthUser, id: string, actor: AuditActor = userActor(user)): Promise<Invitation> {
  const row = await repo.findInvitationOfInviter(ctx.db, id, user.id);
  if (!row) throw notFound();
  const now = ctx.now();
  if (row.status === 'REVOKED') return toInvitation(row, now);
  const changed = await ctx.db.transaction(async (tx) => {
    const updated = await repo.transitionInvitation(tx, id, ['PENDING', 'ACCEPTED'], { status: 'REVOKED', revokedAt: now, revokedBy: 'inviter' });
    if (updated) await recordAudit(tx, { at: now, actor, action: 'sharing.revoke', subject: row.email, details: { invitation_id: id, by: 'inviter', was: row.status } });
    return updated;
  });
  if (!changed) throw new AppError('CONFLICT', 409, bankMessages.notActive);
  forgetSharedData(ctx, id);
  return toInvitation(changed, now);
}

/** Removes an invitation from the inviter's list; an active one is revoked first so nothing stays shared. */
export async function deleteInvitation(ctx: AppContext, user: AuthUser, id: string): Promise<void> {
  const row = await repo.findInvitationOfInviter(ctx.db, id, user.id);
  if (!row) throw notFound();
  const now = ctx.now();
  const active: InvitationStatusValue[] = ['PENDING', 'ACCEPTED'];
  await repo.updateInvitation(ctx.db, id, {
    deletedAt: now,
    ...(active.includes(row.status) ? { status: 'REVOKED' as const, revokedAt: now, revokedBy: 'inviter' as const } : {}),
  });
  forgetSharedData(ctx, id);
}

/** Invitations addressed to the caller, with who sent them. */
export async function listReceivedInvitations(ctx: AppContext, user: AuthUser): Promise<{ invitations: ReceivedInvitation[] }> {
  const rows = await repo.listReceived(ctx.db, user.id);
  const now = ctx.now();
  return {
    invitations: rows.map(({ invitation, inviter }) => ({
      id: invitation.id,
      from: {
        name: [inviter.firstName, inviter.lastName].filter((part) => part && part.trim()).join(' ') || null,
        company: inviter.company,
        email: inviter.email,
      },
      scopes: invitation.scopes as SharingScope[],
      status: statusAt(invitation, now),
      created_at: invitation.createdAt.toISOString(),
      consented_at: invitation.consentedAt?.toISOString() ?? null,
      expires_at: invitation.expiresAt.toISOString(),
    })),
  };
}

async function receivedOrThrow(ctx: AppContext, user: AuthUser, id: string) {
  const row = await repo.findReceived(ctx.db, id, user.id);
  if (!row) throw notFound();
  return row;
}

/**
 * The invitee consents: after connecting a bank and completing identity verification. The consent
 * records who (the invitee), when, and which scopes.
 */
export async function consentToInvitation(ctx: AppContext, user: AuthUser, id: string, actor: AuditActor = userActor(user)): Promise<ReceivedInvitation> {
  const row = await receivedOrThrow(ctx, user, id);
  if (statusAt(row, ctx.now()) === 'EXPIRED') throw expired();
  if (row.status !== 'PENDING') throw new AppError('CONFLICT', 409, bankMessages.notPending);
  if (!(await hasBankConnection(ctx, user.id))) throw new AppError('CONFLICT', 409, bankMessages.consentNeedsBank);
  if (!(await hasVerifiedIdentity(ctx, user.id))) throw new AppError('CONFLICT', 409, bankMessages.consentNeedsIdentity);
  const now = ctx.now();
  const changed = await ctx.db.transaction(async (tx) => {
    const updated = await repo.transitionInvitation(
      tx,
      id,
      ['PENDING'],
      { status: 'ACCEPTED', consentedAt: now, respondedAt: now, consentedScopes: row.scopes },
      { unexpiredAt: now },
    );
    if (updated) await recordAudit(tx, { at: now, actor, action: 'sharing.consent', subject: user.email, details: { invitation_id: id, scopes: row.scopes } });
    return updated;
  });
  if (!changed) throw statusAt(row, ctx.now()) === 'EXPIRED' ? expired() : new AppError('CONFLICT', 409, bankMessages.notPending);
  await notifyInviter(ctx, changed);
  return receivedOne(ctx, user, id);
}

export async function rejectInvitation(ctx: AppContext, user: AuthUser, id: string): Promise<ReceivedInvitation> {
  const row = await receivedOrThrow(ctx, user, id);
  const now = ctx.now();
  if (statusAt(row, now) === 'EXPIRED') throw expired();
  if (row.status !== 'PENDING') throw new AppError('CONFLICT', 409, bankMessages.notPending);
  const changed = await repo.transitionInvitation(ctx.db, id, ['PENDING'], { status: 'REJECTED', respondedAt: now }, { unexpiredAt: now });
  if (!changed) throw new AppError('CONFLICT', 409, bankMessages.notPending);
  await notifyInviter(ctx, changed);
  return receivedOne(ctx, user, id);
}

/** The invitee withdraws consent: the invitation becomes REVOKED and serves nothing from now on. */
export async function withdrawConsent(ctx: AppContext, user: AuthUser, id: string, actor: AuditActor = userActor(user)): Promise<ReceivedInvitation> {
  await receivedOrThrow(ctx, user, id);
  const changed = await ctx.db.transaction(async (tx) => {
    const updated = await repo.transitionInvitation(tx, id, ['ACCEPTED'], { status: 'REVOKED', revokedAt: ctx.now(), revokedBy: 'invitee' });
    if (updated) await recordAudit(tx, { at: ctx.now(), actor, action: 'sharing.revoke', subject: user.email, details: { invitation_id: id, by: 'invitee' } });
    return updated;
  });
  if (!changed) throw new AppError('CONFLICT', 409, bankMessages.notActive);
  forgetSharedData(ctx, id);
  await notifyInviter(ctx, changed);
  return receivedOne(ctx, user, id);
}

async function receivedOne(ctx: AppContext, user: AuthUser, id: string): Promise<ReceivedInvitation> {
  const { invitations } = await listReceivedInvitations(ctx, user);
  const found = invitations.find((invitation) => invitation.id === id);
  if (!found) throw notFound();
  return found;
}

/** The scheduled job: PENDING invitations unanswered for seven days become EXPIRED; inviters are told. */
export async function expireOverdueInvitations(ctx: AppContext): Promise<number> {
  const rows = await repo.expireInvitations(ctx.db, ctx.now());
  for (const row of rows) await notifyInviter(ctx, row);
  return rows.length;
}
