/** Server messages that SPEC.md quotes exactly. */
export const MESSAGES = {
  invalidCredentials: 'The login details are incorrect',
  sessionExpired: 'Session expired',
  suspended: 'Your account has been suspended. Please contact support.',
  emailTaken: 'An account with this email already exists',
  roleNotAllowed: 'Registration is only open to members',
  rateLimited: 'Too many attempts. Please try again later.',
  recoverSent: 'Sent password reset. Please check your email',
  invalidResetToken: 'This password reset link is invalid or has expired',
  passwordReset: 'Your password has been reset. Please login.',
  breachedPassword: 'This password appears in lists of breached passwords. Please choose another one.',
} as const;

/**
 * Why a session ended, as verify-token answers it (stored and shown on the login page like any
 * server message, SPEC §4). Not SPEC texts: the web translates them by their English text.
 */
export const SESSION_END_MESSAGES = {
  password_changed: 'Your password was changed. Please login again.',
  password_reset: 'Your password was reset. Please login again.',
  revoked: 'This session was signed out from another device.',
  mfa_reset: 'Your two-factor sign-in was reset. Please login again.',
  email_changed: 'Your email address was changed. Please login again.',
} as const;

/** Account-security refusals the web shows translated, matched by their English text. */
export const ACCOUNT_MESSAGES = {
  /** 403 of a staff route while STAFF_MFA_REQUIRED asks the person to enrol first. */
  mfaEnrolmentRequired: 'Set up two-factor sign-in in your profile first',
  /** The `currentPassword` field of a password, email or two-factor change. */
  currentPasswordIncorrect: 'The current password is incorrect',
  /** The `email` field of an email change naming the address the account has already. */
  emailUnchanged: 'This is already your email address',
} as const;
