import { auditListQuerySchema, type AuditEntry } from '@app/contracts/audit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Locale } from '../../../i18n/locales';
import { loadMessages } from '../../../i18n/messages';
import { useAuth } from '../../../lib/auth/auth-provider';
import { toQueryString } from '../../../lib/query-string';
import { mockFetch, renderRoutes } from '../../../test/render';
import { diffRows } from '../components/audit-diff';
import AuditLogPage from './audit-log-page';

const refund: AuditEntry = {
  id: '00000000-0000-4000-8000-000000000001',
  actor: { id: 'a1', email: 'ada@firm.example', name: 'Ada Admin' },
  action: 'order.refund',
  targetType: 'order',
  targetId: '00000000-0000-4000-8000-0000000000aa',
  targetLabel: 'ORD-000042',
  before: { status: 'paid', refundedAt: null, totalCents: 9900 },
  after: { status: 'refunded', refundedAt: '2026-03-01T10:00:00Z', totalCents: 9900 },
  createdAt: '2026-03-01T10:00:00Z',
};
const automatic: AuditEntry = {
  ...refund,
  id: '00000000-0000-4000-8000-000000000002',
  actor: null,
  action: 'account.close',
  targetType: 'account',
  targetId: 'acc-7',
  targetLabel: null,
  before: null,
  after: { status: 'closed' },
  createdAt: '2026-03-01T09:00:00Z',
};

function show(
  page: { items: AuditEntry[]; total: number; totalCapped: boolean },
  url = '/audit-log',
  locale: Locale = 'en',
) {
  localStorage.setItem('access', 'tok');
  localStorage.setItem('email', 'x@example.com');
  const user = { id: 'u1', email: 'x@example.com', firstName: 'Sam', lastName: 'Support', role: 'SUPPORT' };
  const listUrl = (q: Record<string, string> = {}) =>
    `GET /api/admin/audit-log?${toQueryString(auditListQuerySchema.parse(q))}`;
  const calls = mockFetch({
    'GET /api/auth/verify-token': () => ({ status: 200, body: { status: 200, user } }),
    'GET /api/user/x%40example.com': () => ({
      status: 200,
      body: { user: { ...user, status: 'active', createdAt: '2026-01-01T00:00:00Z' } },
    }),
    [listUrl()]: () => ({ status: 200, body: { ...page, page: 1, pageSize: 25 } }),
    [listUrl({ action: 'order.refund' })]: () => ({
      status: 200,
      body: { items: [refund], total: 1, totalCapped: false, page: 1, pageSize: 25 },
    }),
    'GET /api/admin/audit-log/facets': () => ({
      status: 200,
      body: { actions: ['account.close', 'order.refund'], targetTypes: ['account', 'order'], actors: [refund.actor] },
    }),
  });
  const SignedIn = ({ children }: { children: ReactNode }) =>
    useAuth().state.status === 'signed-in' ? children : null;
  renderRoutes(
    [
      {
        path: '/audit-log',
        element: (
          <SignedIn>
            <AuditLogPage />
          </SignedIn>
        ),
      },
    ],
    url,
    { locale },
  );
  return calls;
}

describe('audit log page', () => {
  beforeAll(async () => {
    await loadMessages('en');
    await loadMessages('de');
  });

  it('lists who did what on which target, and opens the changes field by field', async () => {
    show({ items: [refund, automatic], total: 2, totalCapped: false });
    const table = await screen.findByTestId('audit-table');
    await within(table).findByText('Ada Admin');
    expect(within(table).getByText('Platform (automatic)')).toBeTruthy();
    expect(
      within(table)
        .getAllByTestId('audit-action')
        .map((e) => e.textContent),
    ).toEqual(['Order refunded', 'Account closed']);
    // A target type this screen does not know shows its identifier.
    expect(
      within(table)
        .getAllByTestId('audit-target-type')
        .map((e) => e.textContent),
    ).toEqual(['Order', 'account']);
    // status and refundedAt changed, the total did not.
    await userEvent.click(screen.getByRole('button', { name: '2 fields changed: Details of Order refunded' }));
    const drawer = await screen.findByTestId('audit-drawer');
    const changed = within(drawer)
      .getAllByRole('row')
      .filter((r) => r.hasAttribute('data-changed'))
      .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
    expect(changed).toEqual(['refundedAt(changed)', 'Status(changed)']);
    expect(within(drawer).getByText('Refunded')).toBeTruthy();
  });

  it('names each target as people know it, the id on hover and in the drawer', async () => {
    show({ items: [refund, automatic], total: 2, totalCapped: false });
    const table = await screen.findByTestId('audit-table');
    const label = await within(table).findByTestId('audit-target-label');
    expect(label.textContent).toBe('ORD-000042');
    expect(label.getAttribute('title')).toBe(refund.targetId);
    // Without a name the id itself is shown.
    expect(
      within(table)
        .getAllByTestId('audit-target-ref')
        .map((e) => e.textContent),
    ).toEqual(['acc-7']);
    await userEvent.click(screen.getByRole('button', { name: '2 fields changed: Details of Order refunded' }));
    const drawer = await screen.findByTestId('audit-drawer');
    expect(within(drawer).getByTestId('audit-target-label').textContent).toBe('ORD-000042');
    expect(within(drawer).getByTestId('audit-target-ref').textContent).toBe(refund.targetId);
  });

  describe('on a phone', () => {
    const wide = window.matchMedia;
    beforeEach(() => {
      window.matchMedia = ((query: string) => ({
        ...wide(query),
        matches: query.trim() === '' || query.includes('max-width'),
      })) as typeof window.matchMedia;
    });
    afterEach(() => {
      window.matchMedia = wide;
    });

    it('stacks each entry in one cell beside its details button', async () => {
      show({ items: [refund, automatic], total: 2, totalCapped: false });
      const table = await screen.findByTestId('audit-table');
      await within(table).findAllByTestId('audit-summary');
      const headers = [...table.querySelectorAll('thead th')].map((h) => h.getAttribute('data-accessor'));
      expect(headers).toEqual(['createdAt', 'changes']);
      const [first, second] = within(table).getAllByTestId('audit-summary');
      expect(within(first!).getByText('Order refunded')).toBeTruthy();
      expect(within(first!).getByText('Order · ORD-000042').getAttribute('title')).toBe(refund.targetId);
      expect(first!.textContent).toContain('Ada Admin');
      expect(second!.textContent).toContain('Platform (automatic)');
      // The long ids stay out of the row; the drawer has them.
      expect(table.textContent).not.toContain(refund.targetId);
    });
  });

  it('filters by action through the URL and says when the count is capped', async () => {
    show({ items: [refund, automatic], total: 10_000, totalCapped: true });
    expect(await screen.findByTestId('audit-capped')).toBeTruthy();
    const select = screen.getByTestId('audit-action-filter');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    expect(within(select).getByRole('option', { name: 'Order refunded' }).getAttribute('value')).toBe('order.refund');
    await userEvent.selectOptions(select, 'order.refund');
    await waitFor(() => expect(screen.queryByText('Platform (automatic)')).toBeNull());
    expect(screen.getByText('Ada Admin')).toBeTruthy();
  });

  it('names actions and targets in the reader’s language; an unknown action keeps its identifier', async () => {
    const status: AuditEntry = {
      ...refund,
      id: '00000000-0000-4000-8000-000000000003',
      action: 'user.status',
      targetType: 'trading_account',
    };
    const unknown: AuditEntry = { ...automatic, id: '00000000-0000-4000-8000-000000000004', action: 'bridge.rewire' };
    show({ items: [status, unknown], total: 2, totalCapped: false }, '/audit-log', 'de');
    const table = await screen.findByTestId('audit-table');
    await within(table).findByText('Ada Admin');
    expect(
      within(table)
        .getAllByTestId('audit-action')
        .map((e) => e.textContent),
    ).toEqual(['Benutzerstatus geändert', 'bridge.rewire']);
    expect(within(table).getAllByTestId('audit-target-type')[0]?.textContent).toBe('Handelskonto');
  });

  it('shows what will appear when nothing is recorded', async () => {
    show({ items: [], total: 0, totalCapped: false });
    expect(await screen.findByText('Nothing recorded yet')).toBeTruthy();
  });
});

describe('diffRows', () => {
  it('compares records field by field and other values whole', () => {
    expect(diffRows({ a: 1, b: 2 }, { a: 1, c: 3 })).toEqual([
      { field: 'a', before: 1, after: 1, changed: false },
      { field: 'b', before: 2, after: undefined, changed: true },
      { field: 'c', before: undefined, after: 3, changed: true },
    ]);
    expect(diffRows(null, 'x')).toEqual([{ field: '', before: undefined, after: 'x', changed: true }]);
  });
});
