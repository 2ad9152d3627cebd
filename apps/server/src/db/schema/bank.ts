import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A bank connection (a provider "item"). The provider's access token is stored only encrypted
 * (AES-256-GCM, lib/encryption.ts); it never leaves the server.
 */
export const bankConnections = pgTable(
  'bank_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['plaid', 'sandbox'] }).notNull(),
    itemId: text('item_id').notNull(),
    institutionId: text('institution_id').notNull(),
    institutionName: text('institution_name').notNull(),
    accessTokenEncrypted: text('access_token_encrypted').notNull(),
    /** Set by a provider webhook that says the item needs attention (e.g. ITEM_LOGIN_REQUIRED). */
    lastWebhookCode: text('last_webhook_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bank_connections_provider_item_idx').on(table.provider, table.itemId),
    index('bank_connections_user_idx').on(table.userId),
  ],
);

/** The caller's identity verification with the provider; one current row per user. */
export const identityVerifications = pgTable(
  'identity_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['plaid', 'sandbox'] }).notNull(),
    providerId: text('provider_id').notNull(),
    status: text('status').notNull(),
    failureReasons: jsonb('failure_reasons').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('identity_verifications_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('identity_verifications_provider_idx').on(table.provider, table.providerId),
  ],
);

/** A data-sharing invitation: the inviter asks the invitee (by email) for read-only scopes. */
export const sharingInvitations = pgTable(
  'sharing_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The invitee's account, set once the invitation mail has gone out (the account may be created for it). */
    inviteeId: uuid('invitee_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    status: text('status', { enum: ['PENDING', 'ACCEPTED', 'REJECTED', 'REVOKED', 'EXPIRED'] }).notNull().default('PENDING'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** Consent record: who (invitee_id), when, and which scopes (consented_scopes). */
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    consentedScopes: jsonb('consented_scopes').$type<string[]>(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by', { enum: ['inviter', 'invitee'] }),
    /** Hidden from the inviter's list; kept so that the month's usage still counts it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sharing_invitations_inviter_idx').on(table.inviterId, table.createdAt),
    index('sharing_invitations_invitee_idx').on(table.inviteeId, table.createdAt),
    index('sharing_invitations_pending_expiry_idx').on(table.expiresAt).where(sql`status = 'PENDING'`),
    uniqueIndex('sharing_invitations_one_pending_idx')
      .on(table.inviterId, sql`lower(${table.email})`)
      .where(sql`status = 'PENDING'`),
  ],
);

/** Webhooks already handled, so a replayed delivery changes nothing. */
export const bankWebhookEvents = pgTable('bank_webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  webhookType: text('webhook_type').notNull(),
  webhookCode: text('webhook_code').notNull(),
  itemId: text('item_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A bank link session: the link token (Plaid) or the sandbox's public token, bound to the user who
 * asked for it. Only that user can exchange it, once, before `expires_at`. Tokens are stored hashed.
 */
export const bankLinkSessions = pgTable(
  'bank_link_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['plaid', 'sandbox'] }).notNull(),
    tokenKind: text('token_kind', { enum: ['link', 'public'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('bank_link_sessions_token_idx').on(table.tokenKind, table.tokenHash),
    index('bank_link_sessions_expires_idx').on(table.expiresAt),
  ],
);
