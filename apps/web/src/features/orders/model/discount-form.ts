import { discountCodeInputSchema, type DiscountCodeInput } from '@app/contracts/commerce';
import type { MessageId } from '../../../i18n/messages';

/** The form as typed: percentages and amounts in plain units, dates as datetime-local text. */
export interface DiscountFormState {
  code: string;
  kind: 'percent' | 'fixed';
  percent: number | '';
  amount: number | '';
  currency: string;
  validFrom: string;
  validUntil: string;
  maxUses: number | '';
  challengeId: string;
}
export type DiscountFormField = keyof DiscountFormState;

export const EMPTY_DISCOUNT_FORM: DiscountFormState = {
  code: '',
  kind: 'percent',
  percent: '',
  amount: '',
  currency: 'USD',
  validFrom: '',
  validUntil: '',
  maxUses: '',
  challengeId: '',
};

const ERRORS: Partial<Record<DiscountFormField, MessageId>> = {
  code: 'DISCOUNTS.FORM.CODE_ERROR',
  percent: 'DISCOUNTS.FORM.PERCENT_ERROR',
  amount: 'DISCOUNTS.FORM.AMOUNT_ERROR',
  currency: 'DISCOUNTS.FORM.CURRENCY_ERROR',
  validFrom: 'DISCOUNTS.FORM.DATE_ERROR',
  validUntil: 'DISCOUNTS.FORM.UNTIL_ERROR',
  maxUses: 'DISCOUNTS.FORM.MAX_USES_ERROR',
  challengeId: 'DISCOUNTS.FORM.CHALLENGE_ERROR',
};

/** The schema's field names back to the form's. */
const FIELD_OF: Record<string, DiscountFormField> = {
  code: 'code',
  percentBps: 'percent',
  amountCents: 'amount',
  currency: 'currency',
  validFrom: 'validFrom',
  validUntil: 'validUntil',
  maxUses: 'maxUses',
  challengeId: 'challengeId',
};

const localToIso = (value: string): string | null => {
  if (!value) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? 'invalid' : new Date(time).toISOString();
};

/**
 * The request the form makes, checked by the contracts' own schema (the one the server applies):
 * either the input to send, or the message id for each refused field.
 */
export function toDiscountInput(
  form: DiscountFormState,
): { ok: true; input: DiscountCodeInput } | { ok: false; errors: Partial<Record<DiscountFormField, MessageId>> } {
  const input: DiscountCodeInput = {
    code: form.code,
    kind: form.kind,
    percentBps: form.kind === 'percent' && form.percent !== '' ? Math.round(form.percent * 100) : null,
    amountCents: form.kind === 'fixed' && form.amount !== '' ? Math.round(form.amount * 100) : null,
    currency: form.kind === 'fixed' ? form.currency.trim().toUpperCase() || null : null,
    validFrom: localToIso(form.validFrom),
    validUntil: localToIso(form.validUntil),
    maxUses: form.maxUses === '' ? null : form.maxUses,
    challengeId: form.challengeId || null,
  };
  const parsed = discountCodeInputSchema.safeParse(input);
  if (parsed.success) return { ok: true, input };
  const errors: Partial<Record<DiscountFormField, MessageId>> = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[String(issue.path[0])];
    // A fixed discount without currency is reported on the amount: say which of the two is missing.
    const target = field === 'amount' && form.amount !== '' && !input.currency ? 'currency' : field;
    if (target && !errors[target]) errors[target] = ERRORS[target];
  }
  return { ok: false, errors };
}
