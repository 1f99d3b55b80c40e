import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: ['USER', 'ADMIN', 'SUPPORT'] })
      .notNull()
      .default('USER'),
    status: text('status', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when personal data was anonymised; financial records keep pointing at the row. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Language, theme, display time zone, mail kinds: applied at sign-in on any device. */
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    /** The TOTP secret (base32) once two-factor sign-in is on; null when off. */
    mfaSecret: text('mfa_secret'),
    /** A secret shown for enrolment, waiting for its first code. */
    mfaPendingSecret: text('mfa_pending_secret'),
    mfaEnabledAt: timestamp('mfa_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code is not accepted twice within its window. */
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
    /** Email and names in lower case, for the staff search (LIKE with a trigram index; migration 0020). */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(email || ' ' || first_name || ' ' || last_name)`),
    /** The last successful sign-in, kept by a trigger on login_events (user_last_logins has its place too). */
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_mfa_enabled_has_secret', sql`(${t.mfaEnabledAt} is null) = (${t.mfaSecret} is null)`),
    check('users_role_valid', sql`${t.role} in ('USER', 'ADMIN', 'SUPPORT')`),
    check('users_status_valid', sql`${t.status} in ('active', 'suspended')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token, hex. The token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once per few minutes per session (sliding idle expiry). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The login's geolocation answer: the session list shows an approximate place. */
    geolocation: jsonb('geolocation'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const loginEvents = pgTable(
  'login_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    outcome: text('outcome', {
      enum: ['success', 'invalid_credentials', 'suspended', 'rate_limited', 'mfa_required', 'mfa_failed'],
    }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    geolocation: jsonb('geolocation'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_events_user_idx').on(t.userId, t.createdAt)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when used, or when a newer request voided it. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.createdAt)],
);
