/** Business constants shared by server and web (SPEC.md §9). */
export const ROLES = ['USER', 'ADMIN', 'SUPPORT'] as const;
export type Role = (typeof ROLES)[number];
export const MEMBER_ROLE: Role = 'USER';

export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const SESSION_CHECK_INTERVAL_MS = 15_000;
export const REFETCH_FOCUS_THROTTLE_MS = 30_000;
export const TOAST_AUTO_CLOSE_MS = 5_000;

export const NAME_MIN = 3;
export const NAME_MAX = 50;
export const EMAIL_MIN = 3;
export const EMAIL_MAX = 50;
/** SPEC's rule said 6 while its message says 8: the rule follows the message. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 50;
export const PASSWORD_SPECIALS = '@$!%*#?&';

/** Browser storage keys (SPEC.md §3). */
export const STORAGE_KEYS = {
  access: 'access',
  email: 'email',
  accountId: 'accountId',
  id: 'id',
  status: 'status',
  authErrorMessage: 'auth_error_message',
} as const;
