import { billingDetailsSchema, PAYMENT_PROVIDERS } from '@app/contracts/commerce';
import { z } from 'zod';
import type { MessageId } from '../../../i18n/messages';

/** The checkout form: the contracts' billing details, the terms, the payment method. */
export const checkoutFormSchema = z.object({
  billing: billingDetailsSchema,
  acceptTerms: z.literal(true),
  provider: z.enum(PAYMENT_PROVIDERS),
});
export type CheckoutFormValues = z.input<typeof checkoutFormSchema>;
export type BillingField = keyof CheckoutFormValues['billing'];

/** What to tell the buyer about a field the schema refused (the schema's texts are English). */
export const FIELD_ERRORS: Record<BillingField, MessageId> = {
  name: 'CHECKOUT.FIELD.NAME_ERROR',
  email: 'CHECKOUT.FIELD.EMAIL_ERROR',
  addressLine1: 'CHECKOUT.FIELD.ADDRESS_ERROR',
  addressLine2: 'CHECKOUT.FIELD.TOO_LONG',
  city: 'CHECKOUT.FIELD.CITY_ERROR',
  postalCode: 'CHECKOUT.FIELD.POSTAL_CODE_ERROR',
  country: 'CHECKOUT.FIELD.COUNTRY_ERROR',
  company: 'CHECKOUT.FIELD.TOO_LONG',
  vatId: 'CHECKOUT.FIELD.VAT_ID_ERROR',
};

/** Server refusals the checkout explains in its own words. */
export const CHECKOUT_ERROR_CODES = [
  'DISCOUNT_CODE_UNKNOWN',
  'DISCOUNT_CODE_INACTIVE',
  'DISCOUNT_CODE_EXPIRED',
  'DISCOUNT_CODE_USED_UP',
  'DISCOUNT_CODE_NOT_APPLICABLE',
  'DISCOUNT_CURRENCY_MISMATCH',
  'PAYMENT_PROVIDER_NOT_ENABLED',
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'NOT_FOUND',
] as const;
export const checkoutErrorId = (code: string | undefined): MessageId | undefined =>
  (CHECKOUT_ERROR_CODES as readonly string[]).includes(code ?? '')
    ? (`CHECKOUT.ERROR.${code}` as MessageId)
    : undefined;
