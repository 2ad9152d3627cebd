import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
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
  ],
);
