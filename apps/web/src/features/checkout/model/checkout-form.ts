import {
  billingDetailsSchema,
  COMPANY_WITH_VAT_ID_MESSAGE,
  PAYMENT_PROVIDERS,
  VAT_ID_COUNTRY_MESSAGE,
} from '@app/contracts/commerce';
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

/** Rules across fields, told apart by the schema's text. */
const ERRORS_BY_MESSAGE: Record<string, MessageId> = {
  [VAT_ID_COUNTRY_MESSAGE]: 'CHECKOUT.FIELD.VAT_ID_COUNTRY_ERROR',
  [COMPANY_WITH_VAT_ID_MESSAGE]: 'CHECKOUT.FIELD.COMPANY_WITH_VAT_ID_ERROR',
};
/** The words for a refused field: its rule's own when it broke one across fields, else the field's. */
export const fieldErrorId = (field: BillingField, message: string | undefined): MessageId =>
  message && Object.hasOwn(ERRORS_BY_MESSAGE, message) ? ERRORS_BY_MESSAGE[message]! : FIELD_ERRORS[field];

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
