import { z } from 'zod';

/** Every error the API answers is `{ code, message }`; the web translates by code. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INVALID_CREDENTIALS',
  'ACCOUNT_SUSPENDED',
  'EMAIL_TAKEN',
  'ROLE_NOT_ALLOWED',
  'RATE_LIMITED',
  'UNAUTHORIZED',
  'SESSION_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'INVALID_RESET_TOKEN',
  'BREACHED_PASSWORD',
  'CONFLICT',
  'SERVICE_UNAVAILABLE',
  /** A payment provider (Stripe) could not be reached or failed: the order stays pending, retry later. */
  'PAYMENT_PROVIDER_UNAVAILABLE',
  /** A provider webhook whose signature is missing, wrong or too old. */
  'INVALID_SIGNATURE',
  /** Checkout: no discount code by that name. */
  'DISCOUNT_CODE_UNKNOWN',
  /** Checkout: the code was switched off by staff. */
  'DISCOUNT_CODE_INACTIVE',
  /** Checkout: the code's validity window has not started or has ended. */
  'DISCOUNT_CODE_EXPIRED',
  /** Checkout: the code has no uses left. */
  'DISCOUNT_CODE_USED_UP',
  /** Checkout: the code is for another challenge. */
  'DISCOUNT_CODE_NOT_APPLICABLE',
  /** Checkout: a fixed discount in another currency than the challenge's. */
  'DISCOUNT_CURRENCY_MISMATCH',
  /** Checkout: the payment method is not offered by this server. */
  'PAYMENT_PROVIDER_NOT_ENABLED',
  /** An order action that needs a pending order (mark paid, cancel, retry). */
  'ORDER_NOT_PENDING',
  /** An order action that needs a paid order (refund, invoice). */
  'ORDER_NOT_PAID',
  /** A failed order's payment cannot start again: its challenge left the shop, its price or its code changed. */
  'ORDER_NOT_RETRYABLE',
  /** A payment whose amount or currency differs from the order's: nothing changes. */
  'PAYMENT_MISMATCH',
  /** Payouts: the account is not a funded, active account of the member. */
  'PAYOUT_ACCOUNT_NOT_FUNDED',
  /** Payouts: an item of the eligibility checklist does not hold (the message names it). */
  'PAYOUT_NOT_ELIGIBLE',
  /** Payouts: the amount is above the trader's share available now. */
  'PAYOUT_ABOVE_AVAILABLE',
  /** Payouts: the amount is below the funded phase's minimum payout. */
  'PAYOUT_BELOW_MINIMUM',
  /** Payouts: the account already has an open (requested or approved) request. */
  'PAYOUT_OPEN_REQUEST_EXISTS',
  /** Payouts: the request is not in the state the action needs (the message says which it is in). */
  'PAYOUT_WRONG_STATE',
  /** Payouts: the trading server has withdrawn the payout's amount already (its bridge said so): mark it paid. */
  'PAYOUT_ALREADY_WITHDRAWN',
  /** Two-factor sign-in: the code is wrong, expired or was already used. */
  'INVALID_MFA_CODE',
  /** Two-factor sign-in: the login step's mfaToken is unknown, used or expired. */
  'MFA_TOKEN_INVALID',
  /** Two-factor sign-in is on already (enrol) or off (disable). */
  'MFA_STATE',
  /** Staff must enrol in two-factor sign-in before using the admin area (STAFF_MFA_REQUIRED). */
  'MFA_ENROLMENT_REQUIRED',
  /** An email change's confirmation link is unknown, used or expired. */
  'INVALID_EMAIL_TOKEN',
  /** Certificates: the account already has a certificate of this kind (one each per account). */
  'CERTIFICATE_EXISTS',
  /** Only a mail that was given up on (status failed) can be sent again. */
  'MAIL_NOT_FAILED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorBodySchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  /** Field-level details for validation errors: path → message. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

// Kept apart (no zod): the web app's first download needs them, not the schemas.
export { ACCOUNT_MESSAGES, MESSAGES, SESSION_END_MESSAGES } from './messages.ts';
