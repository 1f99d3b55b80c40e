import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { toastError } from '../../../lib/toast';
import { mockFetch, renderBlock } from '../../../test/render';
import { IssueCertificateDialog } from './issue-certificate-dialog';

vi.mock('../../../lib/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

const MEMBER = { id: '00000000-0000-4000-8000-00000000000b', name: 'Mia Tanaka', email: 'mia@example.com' };
const ACCOUNT = {
  id: '00000000-0000-4000-8000-00000000000c',
  login: '50000009',
  challengeName: '100K Two-Step',
};

/** The dialog in German with a member chosen (and, when asked, their account). */
async function openWithMember(extra: Record<string, (body: unknown) => { status: number; body?: unknown }> = {}) {
  const calls = mockFetch({
    'GET /api/admin/certificates/members?q=': () => ({ status: 200, body: { members: [] } }),
    'GET /api/admin/certificates/members?q=Mia': () => ({ status: 200, body: { members: [MEMBER] } }),
    [`GET /api/admin/users/${MEMBER.id}/accounts`]: () => ({ status: 200, body: { accounts: [ACCOUNT] } }),
    ...extra,
  });
  renderBlock(<IssueCertificateDialog opened onClose={() => {}} />, { locale: 'de' });
  await userEvent.type(screen.getByTestId('issue-member'), 'Mia');
  await userEvent.click(await screen.findByText('Mia Tanaka · mia@example.com'));
  return calls;
}

describe('IssueCertificateDialog', () => {
  beforeAll(() => Promise.all([loadMessages('en'), loadMessages('de')]));

  it('says in the reader’s language what the form lacks, and sends nothing', async () => {
    const calls = await openWithMember();
    await userEvent.type(screen.getByTestId('issue-reason'), 'ok');
    await userEvent.click(screen.getByTestId('issue-submit'));
    expect(await screen.findByText('Ein Phasen- oder Funded-Zertifikat nennt sein Konto')).toBeTruthy();
    expect(screen.getByText('Geben Sie einen Grund an (mindestens 3 Zeichen)')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says so in German when the account already has a certificate of the kind', async () => {
    const calls = await openWithMember({
      'POST /api/admin/certificates': () => ({
        status: 409,
        body: { code: 'CERTIFICATE_EXISTS', message: 'This account already has a certificate of this kind' },
      }),
    });
    await screen.findByRole('option', { name: '50000009 · 100K Two-Step' });
    await userEvent.selectOptions(screen.getByTestId('issue-account'), ACCOUNT.id);
    await userEvent.type(screen.getByTestId('issue-reason'), 'Manuell nachgetragen');
    await userEvent.click(screen.getByTestId('issue-submit'));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Dieses Konto hat bereits ein Zertifikat dieser Art.'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
