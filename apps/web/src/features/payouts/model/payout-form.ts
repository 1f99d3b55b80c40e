import { grossFor } from '@app/contracts/payout-shares';
import { payoutRequestSchema, type CryptoNetwork, type PayoutMethod, type PayoutRequest } from '@app/contracts/payouts';
import type { MessageId } from '../../../i18n/messages';

/**
 * The request form as typed, every method's fields. The amount is kept as text in the account's
 * currency units, with a point whatever the language's mark ("55.5", or "55." while typing), so
 * that the form never rewrites what is being typed and the cents are read from it exactly.
 */
export interface PayoutFormState {
  amount: string;
  method: PayoutMethod;
  accountHolder: string;
  iban: string;
  bic: string;
  network: CryptoNetwork;
  address: string;
  email: string;
}
export type PayoutFormField = keyof PayoutFormState;

export const EMPTY_PAYOUT_FORM: PayoutFormState = {
  amount: '',
  method: 'bank_transfer',
  accountHolder: '',
  iban: '',
  bic: '',
  network: 'ethereum',
  address: '',
  email: '',
};

/** What to say about a field the contracts' schema refused (its own texts are English). */
const FIELD_ERRORS: Record<string, [PayoutFormField, MessageId]> = {
  amountCents: ['amount', 'PAYOUT.FORM.AMOUNT_ERROR'],
  'destination.accountHolder': ['accountHolder', 'PAYOUT.FORM.HOLDER_ERROR'],
  'destination.iban': ['iban', 'PAYOUT.FORM.IBAN_ERROR'],
  'destination.bic': ['bic', 'PAYOUT.FORM.BIC_ERROR'],
  'destination.address': ['address', 'PAYOUT.FORM.ADDRESS_ERROR'],
  'destination.email': ['email', 'PAYOUT.FORM.EMAIL_ERROR'],
};

export type CheckedPayout =
  { ok: true; request: PayoutRequest } | { ok: false; errors: Partial<Record<PayoutFormField, MessageId>> };

/**
 * The form as the server will check it: the contracts' schema (IBAN check digits, BIC, address
 * format per network, email) and the account's limits (at most the available, at least the minimum).
 */
export function toPayoutRequest(
  form: PayoutFormState,
  limits: { accountId: string; availableCents: number; minimumCents: number },
): CheckedPayout {
  const amountCents = amountToCents(form.amount);
  const destination =
    form.method === 'bank_transfer'
      ? { method: form.method, accountHolder: form.accountHolder, iban: form.iban, bic: form.bic }
      : form.method === 'crypto'
        ? { method: form.method, network: form.network, address: form.address }
        : { method: form.method, email: form.email };
  const request = { accountId: limits.accountId, amountCents, destination };
  const parsed = payoutRequestSchema.safeParse(request);
  const errors: Partial<Record<PayoutFormField, MessageId>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const hit = FIELD_ERRORS[issue.path.join('.')];
      if (hit) errors[hit[0]] ??= hit[1];
    }
  }
  if (!errors.amount && Number.isFinite(amountCents)) {
    if (amountCents > limits.availableCents) errors.amount = 'PAYOUT.FORM.AMOUNT_ABOVE';
    else if (amountCents < limits.minimumCents) errors.amount = 'PAYOUT.FORM.AMOUNT_BELOW';
  }
  if (!parsed.success || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, request: parsed.data as PayoutRequest };
}

/** "55.5" → 5550, read digit by digit (0.29 × 100 is 28.999… in floating point); NaN if not an amount. */
export function amountToCents(amount: string): number {
  const match = /^(\d*)(?:\.(\d{0,2}))?$/.exec(amount);
  if (!match || !/\d/.test(amount)) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 6651 → "66.51": the amount field's text for a sum in cents (the shortest decimal is exact). */
export function centsToAmount(cents: number): string {
  return String(cents / 100);
}

/** The profit a trader's amount withdraws, as the server will compute it (contracts' grossFor). */
export function grossOf(amountCents: number, splitBps: number, profitCents: number): number {
  return grossFor(amountCents, profitCents, splitBps);
}
