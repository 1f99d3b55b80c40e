import { z } from 'zod';
import {
  EMAIL_MAX,
  EMAIL_MIN,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  ROLES,
  USER_STATUSES,
} from './constants.ts';
import { checkoutOptionsSchema } from './checkout-options.ts';
import { boundedJsonObject, safeText } from './text.ts';

/** SPEC.md §5, messages exact. The first failing rule is the one shown. */
export const emailSchema = safeText({ error: 'Email is required' })
  .trim()
  .min(1, { error: 'Email is required', abort: true })
  .min(EMAIL_MIN, 'Minimum 3 symbols')
  .max(EMAIL_MAX, 'Maximum 50 symbols')
  .pipe(z.email('Wrong email format'));

export const passwordSchema = safeText({ error: 'Password is required' })
  .min(1, { error: 'Password is required', abort: true })
  .min(PASSWORD_MIN, 'Password is too short - should be 8 characters minimum.')
  .max(PASSWORD_MAX, 'Password is too long - should be 50 characters maximum.')
  .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
  .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
  .regex(/[0-9]/, 'Password must contain at least one number')
  .regex(/[@$!%*#?&]/, 'Password must contain at least one special character');

const nameSchema = (required: string) =>
  safeText({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .min(NAME_MIN, 'Minimum 3 symbols')
    .max(NAME_MAX, 'Maximum 50 symbols');

export const firstNameSchema = nameSchema('First name is required');
export const lastNameSchema = nameSchema('Last name is required');

/** Bounds of `userGeolocation`: a flat answer of a geolocation service is ~1 KB and 1 level deep. */
export const GEOLOCATION_MAX_BYTES = 2048;
export const GEOLOCATION_MAX_DEPTH = 3;
/** Whatever the public geolocation service answered, or null. Kept small: bounded in size and depth. */
export const geolocationSchema = boundedJsonObject({
  maxBytes: GEOLOCATION_MAX_BYTES,
  maxDepth: GEOLOCATION_MAX_DEPTH,
}).nullable();

/**
 * Login checks the password's presence and length only: a password set under older rules must
 * still be able to sign in. The full rules apply where a password is chosen.
 */
export const loginRequestSchema = z.strictObject({
  email: emailSchema,
  password: safeText({ error: 'Password is required' })
    .min(1, { error: 'Password is required', abort: true })
    .max(PASSWORD_MAX, 'Password is too long - should be 50 characters maximum.'),
  userGeolocation: geolocationSchema.optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** A signed-in session; or, for an account with two-factor sign-in, the step that asks for a code. */
export const loginResponseSchema = z.union([
  z.object({ accessToken: z.string(), expiresAt: z.string(), status: z.literal(200) }),
  z.object({ mfaRequired: z.literal(true), mfaToken: z.string(), status: z.literal(200) }),
]);

export const registerRequestSchema = z.strictObject({
  email: emailSchema.transform((e) => e.toLowerCase()),
  password: passwordSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  role: z.enum(ROLES),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const statusResponseSchema = z.object({ status: z.literal(200), message: z.string() });

export const recoverRequestSchema = z.strictObject({ email: emailSchema });
export const resetRequestSchema = z.strictObject({
  token: safeText().min(16).max(200),
  password: passwordSchema,
});

/** The web's registration form: the API payload plus the form-only fields. */
export const registrationFormSchema = z
  .object({
    email: emailSchema,
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    password: passwordSchema,
    changepassword: safeText({ error: 'Password confirmation is required' })
      .min(1, { error: 'Password confirmation is required', abort: true })
      .pipe(passwordSchema),
    acceptTerms: z.literal(true, { error: 'You must accept the terms and conditions' }),
  })
  .refine((v) => v.password === v.changepassword, {
    path: ['changepassword'],
    message: "Password and Confirm Password didn't match",
  });

export const resetPasswordFormSchema = z
  .object({
    password: passwordSchema,
    changepassword: safeText({ error: 'Password confirmation is required' })
      .min(1, { error: 'Password confirmation is required', abort: true })
      .pipe(passwordSchema),
  })
  .refine((v) => v.password === v.changepassword, {
    path: ['changepassword'],
    message: "Password and Confirm Password didn't match",
  });

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  createdAt: z.string(),
  /** Only in the signed-in person's own record: what the app applies at sign-in. */
  preferences: z
    .object({
      language: z.string().optional(),
      theme: z.enum(['light', 'dark', 'system']).optional(),
      timeZone: z.string().optional(),
    })
    .optional(),
  /** Only in the signed-in person's own record: staff who must enrol in two-factor sign-in first. */
  mfaEnrolmentRequired: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;
export const userResponseSchema = z.object({ user: userSchema });
/** GET /api/user/{email}. */
export const userEmailParamsSchema = z.object({ email: safeText().min(1).max(254) });

export const verifyTokenResponseSchema = z.object({
  status: z.literal(200),
  user: z.object({ id: z.string(), email: z.string(), role: z.enum(ROLES) }),
});

/** Runtime settings the web app reads from the server instead of a rebuild. */
export const publicConfigSchema = z.object({
  faqUrl: z.string(),
  startChallengeUrl: z.string(),
  geolocationUrl: z.string(),
  tradingDayTimeZone: z.string(),
  demoMode: z.boolean(),
  /** What the checkout offers: payment methods, the terms to accept, the seller's country. */
  checkout: checkoutOptionsSchema,
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const changePasswordRequestSchema = z.strictObject({
  currentPassword: safeText().min(1, 'Password is required').max(200),
  newPassword: passwordSchema,
});

export const userStatusRequestSchema = z.strictObject({ status: z.enum(USER_STATUSES) });
