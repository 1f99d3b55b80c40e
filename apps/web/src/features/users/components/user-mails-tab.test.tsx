import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { mockFetch, renderBlock } from '../../../test/render';
import { UserMailsTab } from './user-mails-tab';

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
    renderBlock(<UserMailsTab userId={ID} />);
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
  });

  it('says when nothing was sent, and offers Retry when the list cannot load', async () => {
    let fail = true;
    mockFetch({
      [`GET ${MAILS}`]: () =>
        fail ? { status: 500, body: { code: 'INTERNAL', message: 'x' } } : { status: 200, body: { items: [] } },
    });
    renderBlock(<UserMailsTab userId={ID} />);
    expect(await screen.findByTestId('user-mails-error')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('user-mails-empty')).textContent).toBe('No mail has been sent to this user yet.');
  });
});
