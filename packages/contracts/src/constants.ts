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

/**
 * Largest absolute money amount, in cents, that the API accepts (9,000,000,000.00 in major units).
 * The rule engine compares money exactly in cents × 10,000 (`equity×10⁴ < dayStart×10⁴ − bps×initial`);
 * with |cents| ≤ 9×10¹¹, cents × 10,000 stays within Number.MAX_SAFE_INTEGER (≈ 9.007×10¹⁵) and the
 * comparison is exact; beyond it the verdict could be imprecise. So every money field the API takes
 * (ingested events, a challenge's prices and sizes) is refused beyond it, and the engine's own
 * precondition (engine/validate.ts) is this same bound.
 */
export const MAX_MONEY_CENTS = 900_000_000_000;

/** The signed-in screens the server draws a first paint of (decision 037): the member's home. */
export const FIRST_PAINT_PATHS = ['/accounts'] as const;
export type FirstPaintPath = (typeof FIRST_PAINT_PATHS)[number];
/** What a browser sends of its storage for one (POST /api/first-paint): a page's settings. */
export const FIRST_PAINT_MAX_STORED = 32;
export const FIRST_PAINT_MAX_STORED_CHARS = 8192;
