import type { DashboardFigures, DashboardResponse } from '@app/contracts/dashboard';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { renderBlock } from '../../../test/render';
import { DashboardCharts } from './dashboard-charts';
import { DashboardKpis } from './dashboard-kpis';
import { DashboardLists } from './dashboard-lists';

const FROM = '2026-03-09T23:00:00.000Z';
const TO = '2026-03-16T23:00:00.000Z';

function figures(over: Partial<DashboardFigures>): DashboardFigures {
  return {
    revenueCents: 100_000,
    paidNetCents: 100_000,
    discountCents: 0,
    refundedCents: 0,
    refunds: 0,
    paidOrders: 4,
    averageOrderCents: 25_000,
    newMembers: 10,
    convertedMembers: 4,
    conversionBps: 4_000,
    accountsOpened: 4,
    passRates: [],
    failuresByRule: [],
    payoutsRequested: { count: 3, amountCents: 90_000 },
    payoutsPaid: { count: 2, amountCents: 60_000 },
    payoutRatioBps: 6_000,
    funnel: { registered: 10, bought: 4, passedPhase1: 2, funded: 1, paidOut: 2 },
    ...over,
  };
}

const current = figures({
  passRates: [
    { phaseKind: 'evaluation', phaseIndex: 0, passed: 5, failed: 3, rateBps: 6_250 },
    { phaseKind: 'funded', phaseIndex: 1, passed: 0, failed: 2, rateBps: 0 },
  ],
  failuresByRule: [
    { rule: 'daily_loss', count: 4 },
    { rule: 'max_loss', count: 1 },
  ],
});
// Phase 1 only had verdicts before, funded none; no max-loss failure before.
const previous = figures({
  passRates: [{ phaseKind: 'evaluation', phaseIndex: 0, passed: 29, failed: 21, rateBps: 5_800 }],
  failuresByRule: [{ rule: 'daily_loss', count: 7 }],
  payoutsRequested: { count: 5, amountCents: 70_000 },
  payoutsPaid: { count: 1, amountCents: 30_000 },
  funnel: { registered: 8, bought: 3, passedPhase1: 1, funded: 0, paidOut: 1 },
});

function response(prev: DashboardFigures | null): DashboardResponse {
  return {
    currency: 'USD',
    timeZone: 'Europe/Prague',
    range: { key: '7d', from: FROM, to: TO, previousFrom: null, previousTo: null, bucket: 'day' },
    current,
    previous: prev,
    now: {
      activeByPhase: [{ phaseKind: 'evaluation', phaseIndex: 0, count: 12 }],
      accountsByStatus: [{ status: 'active', count: 12 }],
      fundedActive: 1,
      liabilityCents: 80_000,
    },
    charts: { challenges: [], revenue: [], ordersByChallenge: [] },
    lists: {
      latestOrders: [],
      pendingPayouts: [
        {
          id: '0b8f1d8e-5a43-4f1b-9d0e-2c3a4b5c6d7e',
          status: 'requested',
          userId: '1c9e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
          userName: 'Ada Trader',
          amountCents: 50_000,
          currency: 'USD',
          requestedAt: '2026-03-14T10:00:00.000Z',
          ageHours: 60,
        },
      ],
      breachedToday: [],
    },
  } as unknown as DashboardResponse;
}

function show(prev: DashboardFigures | null) {
  const data = response(prev);
  renderBlock(
    <MemoryRouter>
      <DashboardKpis data={data} />
      <DashboardCharts data={data} />
      <DashboardLists data={data} />
    </MemoryRouter>,
  );
}

const previousOf = (testId: string, key: string) => screen.queryByTestId(`${testId}-${key}-previous`)?.textContent;
const href = (kpi: string) => screen.getByTestId(`kpi-${kpi}-value`).querySelector('a')!.getAttribute('href');

describe('dashboard figures against the previous period', () => {
  beforeAll(() => loadMessages('en'));

  it('shows the previous pass rate beside each phase, and a dash where the phase had no verdict', () => {
    show(previous);
    const rates = screen.getByTestId('pass-rates').textContent;
    expect(rates).toContain('62.5% (5/8)');
    expect(previousOf('pass-rates', 'evaluation-0')).toBe('prev. 58%');
    expect(previousOf('pass-rates', 'funded-1')).toBe('prev. —');
  });

  it('shows the previous count of each rule broken (0 when it was not broken then), and of the funnel', () => {
    show(previous);
    expect(previousOf('failures-by-rule', 'daily_loss')).toBe('prev. 7');
    expect(previousOf('failures-by-rule', 'max_loss')).toBe('prev. 0');
    expect(previousOf('funnel', 'registered')).toBe('prev. 8');
    expect(previousOf('funnel', 'paid-out')).toBe('prev. 1');
  });

  it('compares the payouts count as well as the amount', () => {
    show(previous);
    expect(screen.getByTestId('kpi-payouts-requested').textContent).toContain('3 requests (prev. 5)');
    expect(screen.getByTestId('kpi-payouts-paid').textContent).toContain('2 requests (prev. 1)');
  });

  it('says which figures are of now, with no comparison', () => {
    show(previous);
    expect(screen.getByTestId('kpi-liability-snapshot').textContent).toBe(
      'Now: no past values are kept, so no comparison',
    );
    expect(screen.queryByTestId('kpi-liability-delta')).toBeNull();
    expect(screen.getByTestId('accounts-snapshot').textContent).toBe('Now: no past values are kept, so no comparison');
  });

  it('shows no previous figure for "all" (no period before it)', () => {
    show(null);
    expect(screen.getByTestId('pass-rates').textContent).toContain('62.5%');
    expect(previousOf('pass-rates', 'evaluation-0')).toBeUndefined();
    expect(previousOf('failures-by-rule', 'daily_loss')).toBeUndefined();
    expect(screen.getByTestId('kpi-payouts-paid').textContent).toContain('2 requests');
    expect(screen.getByTestId('kpi-payouts-paid').textContent).not.toContain('prev.');
  });

  it('links each figure to its list, counted by the same time', () => {
    show(previous);
    const range = `from=${encodeURIComponent(FROM)}&to=${encodeURIComponent(TO)}`;
    for (const kpi of ['revenue', 'paid-orders', 'aov']) expect(href(kpi)).toBe(`/orders?dateField=paidAt&${range}`);
    expect(href('refunds')).toBe(`/orders?status=refunded&dateField=refundedAt&${range}`);
    const members = `/users?role=USER&createdFrom=${encodeURIComponent(FROM)}&createdTo=${encodeURIComponent(TO)}&sort=createdAt&order=desc`;
    expect(href('new-members')).toBe(members);
    expect(href('conversion')).toBe(members);
    expect(href('payouts-requested')).toBe(`/admin-payouts-requests?${range}`);
    expect(href('payouts-paid')).toBe(`/admin-payouts-requests?status=paid&dateField=paidAt&${range}`);
    expect(href('payout-ratio')).toBe(`/admin-payouts-requests?status=paid&dateField=paidAt&${range}`);
    const funnelLinks = [...screen.getByTestId('funnel').querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(funnelLinks).toEqual([members, `/admin-payouts-requests?status=paid&dateField=paidAt&${range}`]);
    // No staff list spans every member's accounts: phases and rules stay unlinked.
    expect(screen.getByTestId('pass-rates').querySelector('a')).toBeNull();
    expect(screen.getByTestId('failures-by-rule').querySelector('a')).toBeNull();
  });

  it('opens each pending payout itself, not the whole queue', () => {
    show(previous);
    const link = screen.getByTestId('pending-payouts').querySelector('a')!;
    expect(link.textContent).toBe('Ada Trader');
    expect(link.getAttribute('href')).toBe('/admin-payouts-requests?view=0b8f1d8e-5a43-4f1b-9d0e-2c3a4b5c6d7e');
  });
});

describe('active accounts by phase', () => {
  const data = (): DashboardResponse => {
    const d = response(previous);
    return {
      ...d,
      now: {
        ...d.now,
        activeByPhase: [
          { phaseKind: 'evaluation', phaseIndex: 0, count: 12 },
          { phaseKind: 'funded', phaseIndex: 2, count: 3 },
        ],
      },
    };
  };
  const renderIn = (locale: 'en' | 'fr' | 'ja') =>
    renderBlock(
      <MemoryRouter>
        <DashboardCharts data={data()} />
      </MemoryRouter>,
      { locale },
    );

  it('writes each phase and its count with the punctuation of the language', async () => {
    await Promise.all([loadMessages('en'), loadMessages('fr'), loadMessages('ja')]);
    const { unmount } = renderIn('en');
    expect(screen.getByTestId('active-by-phase').textContent).toBe('Active by phase: Phase 1: 12 · Funded: 3');
    unmount();
    // French: a narrow no-break space before each colon; Japanese: the full-width colon.
    const fr = renderIn('fr');
    expect(screen.getByTestId('active-by-phase').textContent).toBe(
      'Actifs par phase\u202f: Phase 1\u202f: 12 · Financé\u202f: 3',
    );
    fr.unmount();
    renderIn('ja');
    expect(screen.getByTestId('active-by-phase').textContent).toBe(
      'フェーズ別アクティブ：フェーズ 1：12 · 資金提供：3',
    );
  });
});
