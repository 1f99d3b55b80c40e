import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../i18n/locales';
import { loadMessages } from '../../../i18n/messages';
import { toastError, toastSuccess } from '../../../lib/toast';
import { mockFetch, renderBlock } from '../../../test/render';
import { BulkStatusBar } from './bulk-status-bar';

vi.mock('../../../lib/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

const IDS = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];

function show(answer: { status: number; body?: unknown }, locale: Locale = 'en') {
  const calls = mockFetch({ 'POST /api/admin/users/status': () => answer });
  const onDone = vi.fn();
  renderBlock(<BulkStatusBar ids={IDS} onDone={onDone} />, {
    locale,
    client: new QueryClient({ defaultOptions: { mutations: { retry: false } } }),
  });
  return { calls, onDone };
}

const refusal = (message: string) => ({
  status: 409,
  body: { code: 'CONFLICT', message: `userIds: ${message}`, fields: { userIds: message } },
});

describe('BulkStatusBar', () => {
  beforeAll(async () => {
    await loadMessages('en');
    await loadMessages('de');
  });
  beforeEach(() => vi.clearAllMocks());

  it('suspends the selection and says so', async () => {
    const { calls, onDone } = show({ status: 200, body: { status: 200, message: 'ok', updated: 2 } });
    await userEvent.click(await screen.findByTestId('user-bulk-suspend'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ userIds: IDS, status: 'suspended' });
    expect(toastSuccess).toHaveBeenCalledWith('Selected users status have successfully been updated');
  });

  it('says in the reader’s language why suspending oneself is refused, not the server’s English', async () => {
    const { onDone } = show(refusal('You cannot change the status of yourself'), 'de');
    await userEvent.click(await screen.findByTestId('user-bulk-suspend'));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Das können Sie nicht mit Ihrem eigenen Konto tun'));
    expect(onDone).not.toHaveBeenCalled();
  });

  it('says why suspending the last ADMIN is refused', async () => {
    show(refusal('This would leave no active ADMIN: make another user ADMIN first'));
    await userEvent.click(await screen.findByTestId('user-bulk-suspend'));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        'This would leave no active administrator: make another user an administrator first',
      ),
    );
  });
});
