import type { DashboardResponse } from '@app/contracts/dashboard';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { toastError, toastSuccess } from '../../../lib/toast';
import { mockFetch, renderBlock } from '../../../test/render';
import { UndeliveredMails } from './undelivered-mails';

vi.mock('../../../lib/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

type Mails = DashboardResponse['needsYou']['undeliveredMails'];
const RESEND = '/api/admin/mails/resend-undelivered';
const refused: Mails = {
  count: 3,
  refused: 0,
  oldestAt: '2026-11-27T08:30:00.000Z',
  lastError: '421 4.7.0 Try again later',
};

describe('needs you: undelivered mails', () => {
  beforeAll(async () => {
    await loadMessages('en');
    await loadMessages('ja');
  });

  it('says every mail was delivered, and offers nothing to send', () => {
    renderBlock(<UndeliveredMails mails={{ count: 0, refused: 0, oldestAt: null, lastError: null }} canResend />);
    const item = screen.getByTestId('needs-mails');
    expect(item.textContent).toContain('Undelivered mails (7 days)0');
    expect(item.textContent).toContain('Every mail of the last 7 days was delivered.');
    expect(screen.queryByTestId('needs-mails-resend')).toBeNull();
  });

  it('counts the refused ones with the mail server’s words; SUPPORT cannot send them', () => {
    renderBlock(<UndeliveredMails mails={refused} canResend={false} />);
    const item = screen.getByTestId('needs-mails');
    expect(item.textContent).toContain('Undelivered mails (7 days)3');
    expect(item.textContent).toMatch(/Oldest written .*2026.*\. The mail server said: 421 4\.7\.0 Try again later/);
    expect(screen.queryByTestId('needs-mails-resend')).toBeNull();
  });

  it('ADMIN sends them all again after a confirmation that says when and what to expect', async () => {
    const calls = mockFetch({ [`POST ${RESEND}`]: () => ({ status: 200, body: { requeued: 3 } }) });
    renderBlock(<UndeliveredMails mails={refused} canResend />);
    await userEvent.click(screen.getByTestId('needs-mails-resend'));
    const dialog = await screen.findByRole('dialog', { name: 'Send 3 undelivered mails again?' });
    expect(dialog.textContent).toContain('once the mail server accepts mail again');
    expect(dialog.textContent).toContain('may have expired');
    // Cancel sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.click(screen.getByTestId('needs-mails-resend'));
    const again = await screen.findByRole('dialog', { name: 'Send 3 undelivered mails again?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Send all again' }));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([RESEND]);
    await vi.waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('3 mails are queued to be sent again'));
  });

  it('leaves out the addresses refused for good: says so, and counts only the others', async () => {
    const bounced = { ...refused, refused: 1, lastError: '550 5.1.1 mailbox unavailable' };
    renderBlock(<UndeliveredMails mails={bounced} canResend />);
    expect(screen.getByTestId('needs-mails').textContent).toContain(
      '1 of them was refused for good by its recipient’s mail server and is not sent again.',
    );
    await userEvent.click(screen.getByTestId('needs-mails-resend'));
    expect(await screen.findByRole('dialog', { name: 'Send 2 undelivered mails again?' })).toBeTruthy();
  });

  it('offers nothing to send when every one was refused for good', () => {
    renderBlock(<UndeliveredMails mails={{ ...refused, refused: 3 }} canResend />, { locale: 'ja' });
    expect(screen.getByTestId('needs-mails').textContent).toContain(
      'うち3件は受信側のメールサーバーに恒久的に拒否されたため、再送信しません。',
    );
    expect(screen.queryByTestId('needs-mails-resend')).toBeNull();
  });

  it('says so when the server refuses, in the reader’s language', async () => {
    mockFetch({ [`POST ${RESEND}`]: () => ({ status: 403, body: { code: 'FORBIDDEN', message: 'Forbidden' } }) });
    renderBlock(<UndeliveredMails mails={refused} canResend />, { locale: 'ja' });
    expect(screen.getByTestId('needs-mails').textContent).toContain('未配信のメール（7日間）3');
    await userEvent.click(screen.getByTestId('needs-mails-resend'));
    const dialog = await screen.findByRole('dialog', { name: '未配信のメール3件を再送信しますか？' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'すべて再送信' }));
    await vi.waitFor(() => expect(toastError).toHaveBeenCalled());
  });
});
