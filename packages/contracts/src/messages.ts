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
