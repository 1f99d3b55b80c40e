import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { toastSuccess } from '../../../lib/toast';
import { mockFetch, renderBlock } from '../../../test/render';
import { UserMailsTab } from './user-mails-tab';

vi.mock('../../../lib/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

const ID = '00000000-0000-4000-8000-00000000000b';
const MAILS = `/api/admin/users/${ID}/mails`;
const mail = (over: Record<string, unknown>) => ({
  id: crypto.randomUUID(),
  to: 'mia@example.com',
  subject: 'Your account credentials',
  status: 'sent',
  attempts: 1,
  lastError: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  sentAt: '2026-11-20T10:00:05.000Z',
  ...over,
});

describe('UserMailsTab', () => {
  beforeAll(() => loadMessages('en'));

  it('shows each mail with how its delivery went, a refusal in the mail server’s words', async () => {
    mockFetch({
      [`GET ${MAILS}`]: () => ({
        status: 200,
        body: {
          items: [
            mail({
              subject: 'Payment received',
              status: 'failed',
              attempts: 8,
              lastError: '550 Mailbox unavailable',
              sentAt: null,
            }),
            mail({
              subject: 'Order received',
              status: 'pending',
              attempts: 2,
              lastError: 'Connection refused',
              sentAt: null,
            }),
            mail({}),
          ],
        },
      }),
    });
    renderBlock(<UserMailsTab userId={ID} canResend={false} />);
    const rows = await screen.findAllByTestId('user-mail');
    expect(rows.map((r) => r.querySelector('[data-testid=user-mail-status]')?.textContent)).toEqual([
      'Not delivered',
      'Waiting to be sent',
      'Sent',
    ]);
    expect(rows[0]!.textContent).toContain('Payment received');
    expect(rows[0]!.textContent).toContain('8 attempts');
    expect(rows[0]!.textContent).toContain('550 Mailbox unavailable');
    expect(rows[1]!.textContent).toContain('2 attempts');
    // A delivered mail shows when it went, not how often it was tried.
    expect(rows[2]!.textContent).not.toContain('attempt');
    expect(rows[2]!.querySelectorAll('time')).toHaveLength(2);
    expect(
      screen.getByText('The newest 50 mails. Their content is not shown: it may hold a password link.'),
    ).toBeTruthy();
    // Read-only (SUPPORT): nothing to send again.
    expect(screen.queryByTestId('user-mail-resend')).toBeNull();
  });

  it('ADMIN sends a mail that was not delivered again, after a confirmation that warns of expired links', async () => {
    let status = 'failed';
    const failedId = '00000000-0000-4000-8000-0000000000f1';
    const calls = mockFetch({
      [`GET ${MAILS}`]: () => ({
        status: 200,
        body: {
          items: [
            mail({
              id: failedId,
              subject: 'Your account credentials',
              status,
              attempts: status === 'failed' ? 8 : 0,
              sentAt: null,
            }),
            mail({ subject: 'Order received' }),
          ],
        },
      }),
      [`POST ${MAILS}/${failedId}/resend`]: () => {
        status = 'pending';
        return { status: 200, body: { mail: mail({ id: failedId, status: 'pending', attempts: 0, sentAt: null }) } };
      },
    });
    renderBlock(<UserMailsTab userId={ID} canResend />);
    // Only the refused mail offers it.
    expect(await screen.findAllByTestId('user-mail-resend')).toHaveLength(1);
    await userEvent.click(screen.getByTestId('user-mail-resend'));
    const dialog = await screen.findByRole('dialog', { name: 'Send this mail again?' });
    expect(dialog.textContent).toContain('“Your account credentials” goes to mia@example.com again');
    expect(dialog.textContent).toContain('may have expired');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`${MAILS}/${failedId}/resend`]);
    // The list is read again: the mail waits, nothing left to send again.
    await screen.findByText('Waiting to be sent');
    expect(toastSuccess).toHaveBeenCalledWith('The mail is queued to be sent again');
    expect(screen.queryByTestId('user-mail-resend')).toBeNull();
  });

  it('says when nothing was sent, and offers Retry when the list cannot load', async () => {
    let fail = true;
    mockFetch({
      [`GET ${MAILS}`]: () =>
        fail ? { status: 500, body: { code: 'INTERNAL', message: 'x' } } : { status: 200, body: { items: [] } },
    });
    renderBlock(<UserMailsTab userId={ID} canResend={false} />);
    expect(await screen.findByTestId('user-mails-error')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('user-mails-empty')).textContent).toBe('No mail has been sent to this user yet.');
  });
});
