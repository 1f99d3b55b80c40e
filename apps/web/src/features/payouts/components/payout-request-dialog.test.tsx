import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../i18n/locales';
import { loadMessages } from '../../../i18n/messages';
import { mockFetch, renderBlock } from '../../../test/render';
import { amountToCents } from '../model/payout-form';
import { PayoutRequestDialog } from './payout-request-dialog';
import { eligibility } from '../test-fixtures';

vi.mock('../../../lib/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

const ACCOUNT_ID = '5b0f4b8e-3c1a-4a39-9c55-2f1f0c2b7a11';
const account = eligibility({
  accountId: ACCOUNT_ID,
  balanceCents: 100_083_14,
  profitCents: 83_14,
  availableCents: 66_51,
  firmShareCents: 16_63,
  minimumCents: 1,
});

function show(locale: Locale) {
  const calls = mockFetch({ 'POST /api/payouts': () => ({ status: 201, body: {} }) });
  renderBlock(<PayoutRequestDialog eligibility={account} turnaroundHours={null} onClose={() => {}} />, { locale });
  const amount = within(screen.getByTestId('payout-form')).getByTestId<HTMLInputElement>('payout-amount');
  return { calls, amount };
}

/** Fills a valid bank destination, goes to the review and confirms: the amount in cents sent. */
async function send(calls: ReturnType<typeof mockFetch>) {
  fireEvent.change(screen.getByTestId('payout-iban'), { target: { value: 'DE89 3704 0044 0532 0130 00' } });
  fireEvent.change(screen.getByTestId('payout-bic'), { target: { value: 'COBADEFFXXX' } });
  fireEvent.change(screen.getByRole('textbox', { name: /holder|titulaire/i }), { target: { value: 'Martina N' } });
  await userEvent.click(screen.getByTestId('payout-next'));
  await userEvent.click(await screen.findByTestId('payout-confirm'));
  await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
  return (calls.find((c) => c.method === 'POST')!.body as { amountCents: number }).amountCents;
}

describe('PayoutRequestDialog: the amount', () => {
  beforeAll(async () => {
    await loadMessages('en');
    await loadMessages('fr');
  });

  it.each([
    ['fr', '55,5', ['5', '55', '55,', '55,5'], 5550],
    ['fr', '55.5', ['5', '55', '55,', '55,5'], 5550], // a numpad's point, in French
    ['en', '55.5', ['5', '55', '55.', '55.5'], 5550],
    ['en', '0.29', ['0', '0.', '0.2', '0.29'], 29],
  ] as const)('%s: typing %s key by key keeps the cents, sent exactly', async (locale, typed, steps, cents) => {
    const { calls, amount } = show(locale);
    const shown: string[] = [];
    for (const key of typed) {
      await userEvent.type(amount, key);
      shown.push(amount.value);
    }
    expect(shown).toEqual(steps);
    expect(await send(calls)).toBe(cents);
  });

  it.each(['55,5', '55.5'])('fr: pasting %s keeps the cents', async (pasted) => {
    const { calls, amount } = show('fr');
    await userEvent.click(amount);
    await userEvent.paste(pasted);
    expect(amount.value).toBe('55,5');
    expect(await send(calls)).toBe(5550);
  });

  it('en: a comma is not a decimal mark (1,000 is a thousand)', async () => {
    const { amount } = show('en');
    await userEvent.type(amount, '1,000');
    expect(amount.value).toBe('1000');
  });

  it('fr: “withdraw all” fills the available amount, cents included', async () => {
    const { calls, amount } = show('fr');
    await userEvent.click(screen.getByRole('button', { name: 'Retirer tout le disponible' }));
    expect(amount.value).toBe('66,51');
    expect(await send(calls)).toBe(66_51);
  });
});

describe('amountToCents', () => {
  it('reads the cents exactly, and refuses what is not an amount', () => {
    expect(['55.5', '0.29', '55.', '.5', '1234.56', '4000'].map(amountToCents)).toEqual([
      5550, 29, 5500, 50, 123456, 400000,
    ]);
    expect(['', '.', '1.234', '-5', '5,5'].map(amountToCents).every(Number.isNaN)).toBe(true);
  });
});
