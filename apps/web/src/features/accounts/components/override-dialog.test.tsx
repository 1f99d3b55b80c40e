import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../i18n/locales';
import { loadMessages } from '../../../i18n/messages';
import { toastError } from '../../../lib/toast';
import { mockFetch, renderBlock } from '../../../test/render';
import type { OverrideAction, TradingAccount } from '../api/staff-accounts';
import { AccountOverrideDialog } from './override-dialog';

vi.mock('../../../lib/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

const ACCOUNT = {
  id: '00000000-0000-4000-8000-0000000000a1',
  login: '50000009',
  status: 'failed',
  breach: null,
} as unknown as TradingAccount;

function show(action: OverrideAction, answer: { status: number; body?: unknown }, locale: Locale = 'en') {
  const calls = mockFetch({ [`POST /api/admin/accounts/${ACCOUNT.id}/${action}`]: () => answer });
  renderBlock(<AccountOverrideDialog target={{ account: ACCOUNT, action }} onClose={() => {}} />, {
    locale,
    client: new QueryClient({ defaultOptions: { mutations: { retry: false } } }),
  });
  return calls;
}

async function confirm(days?: number) {
  const form = await screen.findByTestId('override-form');
  if (days !== undefined) await userEvent.type(within(form).getByTestId('override-days'), String(days));
  await userEvent.type(within(form).getByTestId('override-reason'), 'Outage on the bridge');
  await userEvent.click(within(form).getByTestId('override-confirm'));
}

const conflict = (field: string, message: string) => ({
  status: 409,
  body: { code: 'CONFLICT', message: `${field}: ${message}`, fields: { [field]: message } },
});

describe('AccountOverrideDialog refusals', () => {
  beforeAll(async () => {
    // Mantine's autosizing Textarea listens to font loading, which jsdom lacks.
    if (!document.fonts)
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => {}, removeEventListener: () => {} },
      });
    await loadMessages('en');
    await loadMessages('fr');
  });
  beforeEach(() => vi.clearAllMocks());

  it('says in the reader’s language that the account is no longer failed', async () => {
    const calls = show(
      'reinstate',
      conflict('status', 'Only a failed account can be reinstated; this one is active'),
      'fr',
    );
    await confirm();
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        'Seul un compte échoué peut être réactivé, et celui-ci ne l’est plus. Rechargez pour voir où il en est.',
      ),
    );
    expect(calls[0]?.body).toEqual({ reason: 'Outage on the bridge' });
  });

  it('names the refusal of each action by the field the server gives', async () => {
    show('extend', conflict('days', 'The account has no time limit'));
    await confirm(3);
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('This account has no time limit, so there is none to extend.'),
    );
  });

  it('says an account already ended cannot be closed', async () => {
    show('close', conflict('status', 'The account is already closed'));
    await confirm();
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        'This account has already ended, so there is nothing to close. Reload to see where it stands.',
      ),
    );
  });

  it('keeps the generic text for anything else', async () => {
    show('reset', { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Internal Server Error' } });
    await confirm();
    await waitFor(() => expect(toastError).toHaveBeenCalled());
    expect(toastError).not.toHaveBeenCalledWith(expect.stringMatching(/Reload to see where it stands/));
  });
});
