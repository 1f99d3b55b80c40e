import { z } from 'zod';

// What GET /api/config says about the checkout. Kept apart from commerce.ts so that the public
// config (loaded by every page, the login page included) does not carry the whole commerce
// contract and its country list.

export const PAYMENT_PROVIDERS = ['demo', 'manual', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const checkoutOptionsSchema = z.object({
  providers: z.array(z.enum(PAYMENT_PROVIDERS)),
  termsUrl: z.string(),
  /** ISO 3166-1 alpha-2 (the server's configuration is checked against the full list). */
  sellerCountry: z.string().length(2),
});
