import type { AuditEntry } from '@app/contracts/audit';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { mockFetch } from '../../../test/render';
import { renderBlock } from '../test-fixtures';
import { AccountTimeline } from './account-timeline';

const URL_OF = (id: string) =>
  `GET /api/admin/audit-log?targetType=trading_account&targetId=${id}&sort=createdAt&order=desc&page=1&pageSize=50`;
const ADMIN = { id: '00000000-0000-4000-8000-000000000001', email: 'adam@example.com', name: 'Adam Keller' };

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: crypto.randomUUID(),
  actor: ADMIN,
  action: 'account.create',
  targetType: 'trading_account',
  targetId: 'acc-1',
  before: null,
  after: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});
const page = (items: AuditEntry[], total = items.length) => ({
  items,
  total,
  totalCapped: false,
  page: 1,
  pageSize: 50,
});
const show = (locale: 'en' | 'de' = 'en') =>
  renderBlock(
    <MemoryRouter>
      <AccountTimeline accountId="acc-1" />
    </MemoryRouter>,
    { locale },
  );

describe('AccountTimeline', () => {
  beforeAll(async () => {
    await loadMessages('en');
    await loadMessages('de');
  });

  it('tells each staff action in words, newest first: who, when, why and what it changed', async () => {
    mockFetch({
      [URL_OF('acc-1')]: () => ({
        status: 200,
        body: page([
          entry({
            action: 'account.extend',
            before: { maxDays: 30 },
            after: { maxDays: 40, reason: 'Holiday week' },
            createdAt: '2026-11-22T09:00:00.000Z',
          }),
          entry({
            action: 'account.reinstate',
            before: { status: 'failed', breach: { rule: 'daily_loss' } },
            after: { status: 'active', reason: 'Feed outage' },
            createdAt: '2026-11-21T09:00:00.000Z',
          }),
          entry({ action: 'account.create', actor: null, after: { login: '50000009' } }),
        ]),
      }),
    });
    show();
    const items = await screen.findAllByTestId('account-timeline-entry');
    expect(items.map((i) => i.getAttribute('data-action'))).toEqual([
      'account.extend',
      'account.reinstate',
      'account.create',
    ]);
    expect(items[0]!.textContent).toContain('Time limit extended');
    expect(items[0]!.textContent).toContain('Time limit: 30 → 40 days');
    expect(items[0]!.textContent).toContain('Reason: Holiday week');
    expect(items[0]!.textContent).toContain('Adam Keller');
    expect(items[1]!.textContent).toContain('Breach lifted: Max daily loss');
    expect(items[1]!.textContent).toContain('Reason: Feed outage');
    // The platform's own write names no person.
    expect(items[2]!.textContent).toContain('Account created');
    expect(items[2]!.textContent).toContain('Platform (automatic)');
    expect(within(items[2]!).queryByTestId('account-timeline-reason')).toBeNull();
    expect(screen.getByRole('link', { name: 'Open in the audit log' }).getAttribute('href')).toBe(
      '/audit-log?targetType=trading_account&targetId=acc-1',
    );
  });

  it('an unknown action shows its code; more than a page says the audit log has the rest', async () => {
    mockFetch({
      [URL_OF('acc-1')]: () => ({ status: 200, body: page([entry({ action: 'account.something_new' })], 51) }),
    });
    show();
    expect((await screen.findByText('account.something_new')).tagName).toBe('CODE');
    expect(screen.getByText('The newest 50 are shown; the audit log has them all.')).toBeTruthy();
  });

  it('says what will appear while nothing has been done, in the chosen language', async () => {
    mockFetch({ [URL_OF('acc-1')]: () => ({ status: 200, body: page([]) }) });
    show('de');
    expect((await screen.findByTestId('account-timeline-empty')).textContent).toContain(
      'Mit diesem Konto ist noch nichts geschehen.',
    );
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('an error offers Retry, which loads it again', async () => {
    let calls = 0;
    mockFetch({
      [URL_OF('acc-1')]: () =>
        ++calls === 1
          ? { status: 500, body: { code: 'INTERNAL', message: 'Down' } }
          : { status: 200, body: page([entry({})]) },
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('account-timeline-entry')).textContent).toContain('Account created');
  });
});
