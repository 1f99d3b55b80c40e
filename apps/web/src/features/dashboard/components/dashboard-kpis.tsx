import type { DashboardFigures, DashboardResponse } from '@app/contracts/dashboard';
import { SimpleGrid } from '@mantine/core';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { links } from '../model/links';
import { KpiCard, type Kpi } from './kpi-card';

/**
 * The range's figures, each against the previous period and linked to the list behind it; the
 * withdrawable share is a figure of now (nothing keeps its past values) and says so.
 */
export function DashboardKpis({ data }: { data: DashboardResponse }) {
  const { t } = useT();
  const fmt = useFormat();
  const { current: c, previous: p, currency } = data;
  const span = { from: data.range.from, to: data.range.to };
  const money = (cents: number | null) => (cents === null ? '—' : fmt.money(cents, currency));
  const rate = (bps: number | null) => (bps === null ? '—' : fmt.percentBps(bps));
  const pick = <K extends keyof DashboardFigures>(k: K) => (p === null ? undefined : p[k]);
  // Payouts compare their amount on the card and their count here.
  const requests = (count: number, previous: number | undefined) =>
    previous === undefined
      ? t('DASHBOARD.KPI.COUNT', { count })
      : t('DASHBOARD.KPI.COUNT_PREVIOUS', { count, previous: fmt.number(previous) });
  const kpis: Kpi[] = [
    {
      id: 'revenue',
      label: t('DASHBOARD.KPI.REVENUE'),
      value: money(c.revenueCents),
      current: c.revenueCents,
      previous: pick('revenueCents'),
      to: links.paidOrders(span),
      hint: t('DASHBOARD.KPI.REVENUE_HINT', {
        discounts: money(c.discountCents),
        refunds: money(c.refundedCents),
      }),
    },
    {
      id: 'paid-orders',
      label: t('DASHBOARD.KPI.PAID_ORDERS'),
      value: fmt.number(c.paidOrders),
      current: c.paidOrders,
      previous: pick('paidOrders'),
      to: links.paidOrders(span),
    },
    {
      id: 'aov',
      label: t('DASHBOARD.KPI.AOV'),
      value: money(c.averageOrderCents),
      current: c.averageOrderCents,
      previous: pick('averageOrderCents'),
      to: links.paidOrders(span),
    },
    {
      id: 'refunds',
      label: t('DASHBOARD.KPI.REFUNDS'),
      value: fmt.number(c.refunds),
      current: c.refunds,
      previous: pick('refunds'),
      lowerIsBetter: true,
      to: links.refundedOrders(span),
      hint: money(c.refundedCents),
    },
    {
      id: 'new-members',
      label: t('DASHBOARD.KPI.NEW_MEMBERS'),
      value: fmt.number(c.newMembers),
      current: c.newMembers,
      previous: pick('newMembers'),
      to: links.members(span),
    },
    {
      id: 'conversion',
      label: t('DASHBOARD.KPI.CONVERSION'),
      value: rate(c.conversionBps),
      current: c.conversionBps,
      previous: pick('conversionBps'),
      to: links.members(span),
      hint: t('DASHBOARD.KPI.CONVERSION_HINT', { bought: c.convertedMembers, members: c.newMembers }),
    },
    {
      id: 'payouts-requested',
      label: t('DASHBOARD.KPI.PAYOUTS_REQUESTED'),
      value: money(c.payoutsRequested.amountCents),
      current: c.payoutsRequested.amountCents,
      previous: p?.payoutsRequested.amountCents,
      lowerIsBetter: true,
      to: links.requestedPayouts(span),
      hint: requests(c.payoutsRequested.count, p?.payoutsRequested.count),
    },
    {
      id: 'payouts-paid',
      label: t('DASHBOARD.KPI.PAYOUTS_PAID'),
      value: money(c.payoutsPaid.amountCents),
      current: c.payoutsPaid.amountCents,
      previous: p?.payoutsPaid.amountCents,
      lowerIsBetter: true,
      to: links.paidPayouts(span),
      hint: requests(c.payoutsPaid.count, p?.payoutsPaid.count),
    },
    {
      id: 'payout-ratio',
      label: t('DASHBOARD.KPI.PAYOUT_RATIO'),
      value: rate(c.payoutRatioBps),
      current: c.payoutRatioBps,
      previous: pick('payoutRatioBps'),
      lowerIsBetter: true,
      to: links.paidPayouts(span),
    },
    {
      id: 'liability',
      label: t('DASHBOARD.KPI.LIABILITY'),
      value: money(data.now.liabilityCents),
      current: data.now.liabilityCents,
      previous: undefined,
      snapshot: true,
      to: links.funded(),
      hint: t('DASHBOARD.KPI.LIABILITY_HINT', { accounts: data.now.fundedActive }),
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="sm" mb="lg" data-testid="dashboard-kpis">
      {kpis.map((k) => (
        <KpiCard key={k.id} kpi={k} />
      ))}
    </SimpleGrid>
  );
}
