import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    company: text('company'),
    website: text('website'),
    bio: text('bio'),
    linkedin: text('linkedin'),
    twitter: text('twitter'),
    country: text('country'),
    commEmail: boolean('comm_email').notNull().default(true),
    commPhone: boolean('comm_phone').notNull().default(false),
    allowChanges: boolean('allow_changes').notNull().default(true),
    role: text('role', { enum: ['admin', 'user', 'cliente'] }).notNull().default('user'),
    isSuperadmin: boolean('is_superadmin').notNull().default(false),
    planCode: text('plan_code').notNull().default('starter'),
    subscriptionStatus: text('subscription_status').notNull().default('beta'),
    language: text('language').notNull().default('en'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshTokenHash: text('refresh_token_hash'),
    previousRefreshTokenHash: text('previous_refresh_token_hash'),
    /** When the refresh token last rotated: the previous one stays usable for a few seconds (other tabs). */
    refreshRotatedAt: timestamp('refresh_rotated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    activeSeconds: integer('active_seconds').notNull().default(0),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (table) => [
    index('sessions_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('sessions_refresh_hash_idx').on(table.refreshTokenHash),
    index('sessions_previous_refresh_hash_idx').on(table.previousRefreshTokenHash),
    index('sessions_last_seen_idx').on(table.lastSeenAt),
  ],
);

/**
 * `email_change` confirms a new address (mailed to it, `data.email`); `email_change_cancel` is
 * mailed to the old address at the same time and undoes the change (`data.from`, `data.to`).
 */
export const accountTokenPurposes = ['email_verification', 'password_reset', 'activation', 'email_change', 'email_change_cancel'] as const;
export type AccountTokenPurpose = (typeof accountTokenPurposes)[number];

/** Single-use links sent by mail. Only the SHA-256 of the token is stored. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: accountTokenPurposes }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Extra facts for the link, e.g. who sent an activation invitation. */
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('account_tokens_hash_idx').on(table.tokenHash),
    index('account_tokens_user_idx').on(table.userId, table.purpose),
  ],
);
