import type { AccountStatus } from '@app/contracts/trading';
import type { DashboardResponse } from '@app/contracts/dashboard';
import { Grid, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ACCOUNT_STATUS_COLORS } from '../../../components/status-labels';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { links } from '../model/links';
import { BarList } from './bar-list';
import { ruleLabel } from './dashboard-lists';
import { RevenueChart } from './revenue-chart';

function Card({ title, children, empty }: { title: string; children: ReactNode; empty?: string | false }) {
  return (
    <Paper withBorder p="md" style={{ background: 'var(--app-surface)', minWidth: 0 }}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {empty ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        children
      )}
    </Paper>
  );
}

/**
 * Revenue per day by challenge, orders per challenge, accounts now, phases, failures and the funnel.
 * Pass rates, failures and the funnel show the previous period's figure; accounts by status and
 * active by phase are figures of now (no past values kept) and say so. Accounts, phases and rules
 * stay unlinked: no staff list spans every member's accounts.
 */
export function DashboardCharts({ data }: { data: DashboardResponse }) {
  const { t } = useT();
  const fmt = useFormat();
  const c = data.current;
  const p = data.previous;
  const span = { from: data.range.from, to: data.range.to };
  // The previous period's figure beside each bar; none for "all" (nothing before it).
  const prev = (value: string) => (p === null ? undefined : t('DASHBOARD.PREVIOUS_VALUE', { value }));
  const rate = (bps: number | null | undefined) => (bps === null || bps === undefined ? '—' : fmt.percentBps(bps));
  const phase = (kind: string, index: number) =>
    kind === 'funded' ? t('DASHBOARD.PHASE.FUNDED') : t('DASHBOARD.PHASE.N', { n: index + 1 });
  // Registered and paid out have lists counted the same way; the steps between count accounts or
  // first orders, which no staff list filters by.
  const funnel = [
    ['registered', 'DASHBOARD.FUNNEL.REGISTERED', 'registered', links.members(span)],
    ['bought', 'DASHBOARD.FUNNEL.BOUGHT', 'bought', undefined],
    ['passed', 'DASHBOARD.FUNNEL.PASSED_1', 'passedPhase1', undefined],
    ['funded', 'DASHBOARD.FUNNEL.FUNDED', 'funded', undefined],
    ['paid-out', 'DASHBOARD.FUNNEL.PAID_OUT', 'paidOut', links.paidPayouts(span)],
  ] as const;
  return (
    <>
      <Grid gap="md" mb="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Card
            title={t(data.range.bucket === 'day' ? 'DASHBOARD.CHART.REVENUE_DAY' : 'DASHBOARD.CHART.REVENUE_MONTH')}
            empty={data.charts.revenue.length === 0 && t('DASHBOARD.CHART.EMPTY')}
          >
            <RevenueChart data={data} />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Card
            title={t('DASHBOARD.CHART.BY_CHALLENGE')}
            empty={data.charts.ordersByChallenge.length === 0 && t('DASHBOARD.CHART.EMPTY')}
          >
            <BarList
              testId="orders-by-challenge"
              bars={data.charts.ordersByChallenge.map((o) => ({
                key: o.challengeId,
                label: o.name,
                value: o.paidOrders,
                display: `${fmt.number(o.paidOrders)} · ${fmt.money(o.revenueCents, data.currency)}`,
                to: links.paidOrders(span, o.challengeId),
              }))}
            />
          </Card>
        </Grid.Col>
      </Grid>
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="md" mb="md">
        <Card
          title={t('DASHBOARD.CHART.ACCOUNTS_BY_STATUS')}
          empty={data.now.accountsByStatus.length === 0 && t('DASHBOARD.CHART.NO_ACCOUNTS')}
        >
          <BarList
            testId="accounts-by-status"
            bars={data.now.accountsByStatus.map((s) => ({
              key: s.status,
              label: t(`DASHBOARD.ACCOUNT_STATUS.${s.status.toUpperCase()}` as 'DASHBOARD.ACCOUNT_STATUS.ACTIVE'),
              value: s.count,
              display: fmt.number(s.count),
              // Closed accounts in grey: the badges' near-black would vanish on the dark theme's card.
              color: s.status === 'closed' ? 'gray' : ACCOUNT_STATUS_COLORS[s.status as AccountStatus],
            }))}
          />
          <Text size="xs" c="dimmed" mt="sm" data-testid="active-by-phase">
            {t('DASHBOARD.CHART.ACTIVE_BY_PHASE', {
              phases:
                data.now.activeByPhase
                  .map((a) =>
                    t('DASHBOARD.CHART.PHASE_COUNT', {
                      phase: phase(a.phaseKind, a.phaseIndex),
                      count: fmt.number(a.count),
                    }),
                  )
                  .join(' · ') || '—',
            })}
          </Text>
          <Text size="xs" c="dimmed" data-testid="accounts-snapshot">
            {t('DASHBOARD.SNAPSHOT')}
          </Text>
        </Card>
        <Card
          title={t('DASHBOARD.CHART.PASS_RATE')}
          empty={c.passRates.length === 0 && t('DASHBOARD.CHART.NO_VERDICTS')}
        >
          <BarList
            testId="pass-rates"
            color={1}
            bars={c.passRates.map((r) => ({
              key: `${r.phaseKind}-${r.phaseIndex}`,
              label: phase(r.phaseKind, r.phaseIndex),
              value: r.rateBps ?? 0,
              display: `${rate(r.rateBps)} (${r.passed}/${r.passed + r.failed})`,
              previous: prev(
                rate(p?.passRates.find((x) => x.phaseKind === r.phaseKind && x.phaseIndex === r.phaseIndex)?.rateBps),
              ),
            }))}
          />
        </Card>
        <Card
          title={t('DASHBOARD.CHART.FAILURES')}
          empty={c.failuresByRule.length === 0 && t('DASHBOARD.CHART.NO_FAILURES')}
        >
          <BarList
            testId="failures-by-rule"
            color={3}
            bars={c.failuresByRule.map((f) => ({
              key: f.rule,
              label: t(ruleLabel(f.rule)),
              value: f.count,
              display: fmt.number(f.count),
              previous: prev(fmt.number(p?.failuresByRule.find((x) => x.rule === f.rule)?.count ?? 0)),
            }))}
          />
        </Card>
        <Card title={t('DASHBOARD.CHART.FUNNEL')}>
          <BarList
            testId="funnel"
            color={2}
            bars={funnel.map(([key, label, field, to]) => ({
              key,
              label: t(label),
              value: c.funnel[field],
              display: fmt.number(c.funnel[field]),
              previous: prev(fmt.number(p?.funnel[field] ?? 0)),
              to,
            }))}
          />
        </Card>
      </SimpleGrid>
    </>
  );
}
