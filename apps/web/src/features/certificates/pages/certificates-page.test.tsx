import type { CertificateCard } from '@app/contracts/certificates';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { useAuth } from '../../../lib/auth/auth-provider';
import { mockFetch, renderRoutes } from '../../../test/render';
import CertificatesPage from './certificates-page';
import VerifyPage from './verify-page';

const member = { id: 'u1', email: 'm@example.com', firstName: 'Martina', lastName: 'N', role: 'USER' };
const card = (over: Partial<CertificateCard> = {}): CertificateCard => ({
  id: 'c1',
  kind: 'phase_passed',
  userId: 'u1',
  accountId: 'a1',
  amountCents: null,
  currency: 'USD',
  code: 'C7K2-9QXD-M4TB',
  issuedAt: '2026-11-02T10:00:00Z',
  revokedAt: null,
  revokedReason: null,
  holderName: 'Martina Nováková',
  challengeName: '10K Two-Step',
  phaseNumber: 1,
  verifyUrl: 'https://app.example.com/verify/C7K2-9QXD-M4TB',
  ...over,
});

function showGallery(handlers: Parameters<typeof mockFetch>[0]) {
  localStorage.setItem('access', 'tok');
  localStorage.setItem('email', member.email);
  mockFetch({
    'GET /api/auth/verify-token': () => ({ status: 200, body: { status: 200, user: member } }),
    'GET /api/user/m%40example.com': () => ({
      status: 200,
      body: { user: { ...member, status: 'active', createdAt: '2026-01-01T00:00:00Z' } },
    }),
    ...handlers,
  });
  const SignedIn = ({ children }: { children: ReactNode }) =>
    useAuth().state.status === 'signed-in' ? children : null;
  return renderRoutes(
    [
      {
        path: '/certificates',
        element: (
          <SignedIn>
            <CertificatesPage />
          </SignedIn>
        ),
      },
    ],
    '/certificates',
  );
}

describe('/certificates', () => {
  beforeAll(() => loadMessages('en'));

  it('draws each certificate as a card with its download, link and public page', async () => {
    const payout = card({ id: 'c2', kind: 'payout', amountCents: 123_450, code: 'AAAA-BBBB-CCCC', phaseNumber: null });
    showGallery({ 'GET /api/certificates': () => ({ status: 200, body: { certificates: [card(), payout] } }) });
    const cards = await screen.findAllByTestId('certificate-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Passed Phase 1 of 10K Two-Step')).toBeTruthy();
    expect(within(cards[0]!).getByText('Martina Nováková')).toBeTruthy();
    expect(within(cards[1]!).getByText(/^Received a profit payout of .*1,234\.50$/)).toBeTruthy();
    expect(
      within(cards[1]!)
        .getByRole('link', { name: /Open public page/ })
        .getAttribute('href'),
    ).toBe('/verify/AAAA-BBBB-CCCC');
    expect(within(cards[1]!).getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    expect(within(cards[1]!).getByRole('button', { name: 'Copy verification link' })).toBeTruthy();
  });

  it('says what will appear when there is none', async () => {
    showGallery({ 'GET /api/certificates': () => ({ status: 200, body: { certificates: [] } }) });
    expect(await screen.findByText('No certificates yet')).toBeTruthy();
  });

  it('shows the error and loads again on Retry', async () => {
    let attempts = 0;
    showGallery({
      'GET /api/certificates': () =>
        ++attempts === 1
          ? { status: 500, body: { code: 'INTERNAL', message: 'x' } }
          : { status: 200, body: { certificates: [card()] } },
    });
    const error = await screen.findByTestId('certificates-error');
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('certificate-card')).toBeTruthy();
  });
});

describe('/verify/{code}', () => {
  beforeAll(() => loadMessages('en'));
  const answer = { ...card(), valid: true };

  const showVerify = (code: string, handlers: Parameters<typeof mockFetch>[0]) => {
    localStorage.clear();
    mockFetch(handlers);
    return renderRoutes([{ path: '/verify/:code', element: <VerifyPage /> }], `/verify/${code}`);
  };

  it('confirms a valid certificate, signed out', async () => {
    showVerify('C7K2-9QXD-M4TB', {
      'GET /api/certificates/verify/C7K2-9QXD-M4TB': () => ({ status: 200, body: answer }),
    });
    expect(await screen.findByTestId('verify-valid')).toBeTruthy();
    expect(screen.getByText('Martina Nováková')).toBeTruthy();
  });

  it('says revoked, with the date, on a 410', async () => {
    showVerify('C7K2-9QXD-M4TB', {
      'GET /api/certificates/verify/C7K2-9QXD-M4TB': () => ({
        status: 410,
        body: { ...answer, valid: false, revokedAt: '2026-11-10T12:00:00Z' },
      }),
    });
    expect((await screen.findByTestId('verify-revoked')).textContent).toMatch(/revoked on .*2026/);
    expect(screen.getByTestId('certificate-revoked')).toBeTruthy();
  });

  it('says unknown on a 404', async () => {
    showVerify('NOPE', {
      'GET /api/certificates/verify/NOPE': () => ({
        status: 404,
        body: { code: 'NOT_FOUND', message: 'No certificate has this code' },
      }),
    });
    expect((await screen.findByTestId('verify-unknown')).textContent).toContain('NOPE');
  });
});
