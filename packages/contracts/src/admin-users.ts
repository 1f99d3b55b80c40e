import { z } from 'zod';
import { loginHistoryResponseSchema, sessionItemSchema } from './account.ts';
import { emailSchema, firstNameSchema, lastNameSchema } from './auth.ts';
import { ROLES, USER_STATUSES } from './constants.ts';
import { listQueryShape, pageOf, searchParam } from './lists.ts';
import { boundedDateTime } from './text.ts';

// Staff users screen (/users, /users/edit-user, /users/{userId}/edit-user). Every staff role reads;
// only ADMIN writes.

/** The answer to a bulk status update (SPEC.md §4, in the SPEC's wording for users). */
export const USERS_STATUS_UPDATED = 'Selected users status have successfully been updated';
/** Users one bulk status update may change. */
export const BULK_STATUS_MAX = 100;
/** Languages a set-password mail (and the user's preferences) can be in. */
export const USER_LANGUAGES = ['en', 'de', 'es', 'fr', 'ja', 'zh'] as const;

export const ADMIN_USER_SORTS = ['name', 'email', 'role', 'status', 'createdAt', 'lastLoginAt'] as const;
export const FUNDED_FILTERS = ['yes', 'no'] as const;
/** GET /api/admin/users (and export.csv): `q` matches any part of the email or the name. */
export const adminUserListQuerySchema = z.strictObject({
  ...listQueryShape(ADMIN_USER_SORTS, { sort: 'createdAt', order: 'desc' }),
  q: searchParam,
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  /** yes: holds a funded account that is pending or active; no: holds none. */
  funded: z.enum(FUNDED_FILTERS).optional(),
  /** Registered at or after / before (exclusive): the dashboard's new members of a range. */
  createdFrom: boundedDateTime().optional(),
  createdTo: boundedDateTime().optional(),
});
export type AdminUserListQuery = z.input<typeof adminUserListQuerySchema>;
export type AdminUserListParams = z.output<typeof adminUserListQuerySchema>;
/** The export takes the list's filters and sort; it is not paged. */
export const adminUserExportQuerySchema = adminUserListQuerySchema.omit({ page: true, pageSize: true });

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  createdAt: z.string(),
  /** The last successful sign-in, and the country its geolocation named (code or name). */
  lastLoginAt: z.string().nullable(),
  country: z.string().nullable(),
  /** Trading accounts of any status, and how many of them are funded accounts still running. */
  accounts: z.int().min(0),
  fundedAccounts: z.int().min(0),
  /** Personal data erased (GDPR); the record stays for its orders, payouts and certificates. */
  anonymised: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
/** Counting stops here: "10,000+" says enough about a broad filter and keeps every page fast. */
export const USERS_COUNT_CAP = 10_000;
/**
 * A text search counts to here: each match is a row read and rechecked, where a filter's count
 * reads an index; past a thousand matches the search is narrowed, not paged through.
 */
export const USERS_SEARCH_COUNT_CAP = 1_000;
/** Where the count of this list stops. */
export const usersCountCap = (q: { q?: string | undefined }) => (q.q ? USERS_SEARCH_COUNT_CAP : USERS_COUNT_CAP);
export const adminUserListResponseSchema = pageOf(adminUserSchema).extend({
  /** True when more than usersCountCap match: `total` is then a floor. */
  totalCapped: z.boolean(),
});

export const adminUserDetailSchema = adminUserSchema.extend({
  updatedAt: z.string(),
  mfaEnabled: z.boolean(),
  language: z.enum(USER_LANGUAGES).nullable(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
export const adminUserResponseSchema = z.object({ user: adminUserDetailSchema });
export const adminUserParamsSchema = z.object({ userId: z.uuid() });

/** POST /api/admin/users/status: Active or Suspended for a selection. */
export const bulkUserStatusRequestSchema = z.strictObject({
  userIds: z.array(z.uuid()).min(1).max(BULK_STATUS_MAX),
  status: z.enum(USER_STATUSES),
});
export const bulkUserStatusResponseSchema = z.object({
  status: z.literal(200),
  message: z.string(),
  updated: z.int().min(0),
});

const userFields = {
  email: emailSchema.transform((e) => e.toLowerCase()),
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
};
/** POST /api/admin/users: no password; the user gets a set-password link by mail in `language`. */
export const createAdminUserRequestSchema = z.strictObject({
  ...userFields,
  status: userFields.status.default('active'),
  language: z.enum(USER_LANGUAGES).default('en'),
});
export type CreateAdminUserRequest = z.input<typeof createAdminUserRequestSchema>;
/** PATCH /api/admin/users/{userId}. */
export const updateAdminUserRequestSchema = z.strictObject(userFields);
export type UpdateAdminUserRequest = z.input<typeof updateAdminUserRequestSchema>;

/** GET /api/admin/users/{userId}/login-events: the last 100 attempts, newest first (as the member's own history). */
export const adminLoginEventsResponseSchema = loginHistoryResponseSchema;
/** GET /api/admin/users/{userId}/sessions: the user's active sessions. */
export const adminSessionsResponseSchema = z.object({ items: z.array(sessionItemSchema.omit({ current: true })) });
export const adminSessionParamsSchema = z.object({ userId: z.uuid(), sessionId: z.uuid() });

/** How many of a user's mails the staff panel shows, newest first. */
export const USER_MAILS_LIMIT = 50;
/** pending: not yet delivered (retried); sent: accepted by SMTP; logged: no SMTP set, written to the log; failed: given up. */
export const MAIL_STATUSES = ['pending', 'sent', 'logged', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
/**
 * A mail to the user as support sees it: subject, address and delivery, never the body (it may
 * hold a password link that would let the reader into the account).
 */
export const adminUserMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  /** Delivery attempts made. */
  attempts: z.number().int(),
  /** The mail server's last refusal, while retried or once given up. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type AdminUserMail = z.infer<typeof adminUserMailSchema>;
/** GET /api/admin/users/{userId}/mails: the last USER_MAILS_LIMIT mails to the user, newest first. */
export const adminUserMailsResponseSchema = z.object({ items: z.array(adminUserMailSchema) });
/** POST /api/admin/users/{userId}/mails/{mailId}/resend (ADMIN): a failed mail queued again, as it was. */
export const adminUserMailParamsSchema = z.object({ userId: z.uuid(), mailId: z.uuid() });
export const adminUserMailResponseSchema = z.object({ mail: adminUserMailSchema });
/**
 * How far back ADMIN's "send every undelivered mail again" reaches (an SMTP outage's mails): older
 * refused mails stay as they are, each one can still be sent again from its user's page.
 */
export const UNDELIVERED_MAILS_DAYS = 7;
/** POST /api/admin/mails/resend-undelivered (ADMIN): how many refused mails were queued again. */
export const resendUndeliveredResponseSchema = z.object({ requeued: z.number().int() });

/** The CSV export's columns, in order. */
export const USERS_CSV_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'role',
  'status',
  'country',
  'accounts',
  'funded_accounts',
  'created_at',
  'last_login_at',
] as const;
