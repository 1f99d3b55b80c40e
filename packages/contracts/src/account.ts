import { z } from 'zod';
import { emailSchema, firstNameSchema, lastNameSchema, passwordSchema } from './auth.ts';
import { safeText } from './text.ts';

/** The signed-in person's own profile, security and preferences (GET/PATCH under /api/user/…). */

export const PREFERENCE_LOCALES = ['en', 'de', 'es', 'fr', 'ja', 'zh'] as const;
export const PREFERENCE_THEMES = ['light', 'dark', 'system'] as const;
/** Mail kinds a person may turn off; security mails are always sent. */
export const MAIL_KINDS = ['orders', 'payouts', 'certificates'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
/** Kinds once offered and never sent: still accepted in sent or stored preferences, then dropped. */
const RETIRED_MAIL_KINDS = ['news'] as const;

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const preferenceFields = {
  language: z.enum(PREFERENCE_LOCALES).optional(),
  theme: z.enum(PREFERENCE_THEMES).optional(),
  /** An IANA zone; unset means the browser's own. */
  timeZone: safeText().min(1).max(64).refine(isTimeZone, 'Unknown time zone').optional(),
};

/** Kept on the server, applied at sign-in on any device. A missing field means "not chosen". */
export const preferencesSchema = z.strictObject({
  ...preferenceFields,
  mail: z.partialRecord(z.enum(MAIL_KINDS), z.boolean()).optional(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/**
 * Preferences as sent or stored: those saved while a retired mail kind was offered keep validating,
 * and the retired kinds are dropped.
 */
export const preferencesInputSchema = z
  .strictObject({
    ...preferenceFields,
    mail: z.partialRecord(z.enum([...MAIL_KINDS, ...RETIRED_MAIL_KINDS]), z.boolean()).optional(),
  })
  .transform(({ mail, ...rest }): Preferences => {
    if (!mail) return rest;
    const offered = Object.entries(mail).filter(([kind]) => (MAIL_KINDS as readonly string[]).includes(kind));
    return { ...rest, mail: Object.fromEntries(offered) as Preferences['mail'] };
  });

export const profileResponseSchema = z.object({
  profile: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: z.string(),
    preferences: preferencesSchema,
    mfaEnabled: z.boolean(),
    /** Staff must enrol before reaching the admin area (STAFF_MFA_REQUIRED). */
    mfaRequired: z.boolean(),
    /** An email change waiting for its confirmation link. */
    pendingEmail: z.string().nullable(),
  }),
});
export type Profile = z.infer<typeof profileResponseSchema>['profile'];

export const updateNameRequestSchema = z.strictObject({ firstName: firstNameSchema, lastName: lastNameSchema });

export const changeEmailRequestSchema = z.strictObject({
  email: emailSchema.transform((e) => e.toLowerCase()),
  currentPassword: safeText().min(1, 'Password is required').max(200),
});
export const confirmEmailRequestSchema = z.strictObject({ token: safeText().min(16).max(200) });

export const sessionItemSchema = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  /** "City, Country" from the login's geolocation, when known. */
  place: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export const sessionsResponseSchema = z.object({ items: z.array(sessionItemSchema) });
export type SessionItem = z.infer<typeof sessionItemSchema>;

export const LOGIN_OUTCOMES = [
  'success',
  'invalid_credentials',
  'suspended',
  'rate_limited',
  'mfa_required',
  'mfa_failed',
] as const;
export const loginHistoryItemSchema = z.object({
  id: z.string(),
  outcome: z.enum(LOGIN_OUTCOMES),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  place: z.string().nullable(),
  createdAt: z.string(),
});
export const loginHistoryResponseSchema = z.object({ items: z.array(loginHistoryItemSchema) });
export type LoginHistoryItem = z.infer<typeof loginHistoryItemSchema>;

/** A 6-digit TOTP code or a recovery code (xxxxx-xxxxx). */
export const mfaCodeSchema = safeText({ error: 'Code is required' })
  .trim()
  .min(6, 'Code is required')
  .max(20, 'Code is not valid');

export const mfaSetupResponseSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() });
export const mfaConfirmRequestSchema = z.strictObject({ code: mfaCodeSchema });
export const mfaRecoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export const mfaDisableRequestSchema = z.strictObject({
  currentPassword: safeText().min(1, 'Password is required').max(200),
  code: mfaCodeSchema,
});
export const adminMfaStatusResponseSchema = z.object({ mfaEnabled: z.boolean(), enabledAt: z.string().nullable() });

/** The profile's password form: the current password, the new one twice (SPEC §5 rules and messages). */
export const changePasswordFormSchema = z
  .object({
    currentPassword: safeText({ error: 'Password is required' }).min(1, 'Password is required').max(200),
    password: passwordSchema,
    changepassword: safeText({ error: 'Password confirmation is required' })
      .min(1, { error: 'Password confirmation is required', abort: true })
      .pipe(passwordSchema),
  })
  .refine((v) => v.password === v.changepassword, {
    path: ['changepassword'],
    message: "Password and Confirm Password didn't match",
  });

/** POST /api/auth/login/mfa: the login's mfaToken and a 6-digit code or a recovery code. */
export const loginMfaRequestSchema = z.strictObject({
  mfaToken: safeText().min(16).max(200),
  code: safeText({ error: 'Code is required' }).trim().min(6, 'Code is required').max(20, 'Code is not valid'),
});
export const loginMfaResponseSchema = z.object({
  accessToken: z.string(),
  expiresAt: z.string(),
  status: z.literal(200),
});
