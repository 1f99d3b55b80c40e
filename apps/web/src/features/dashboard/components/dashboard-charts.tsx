import type { DashboardResponse } from '@app/contracts/dashboard';
import { Grid, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
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

/** Revenue per day by challenge, orders per challenge, accounts now, phases, failures and the funnel. */
export function DashboardCharts({ data }: { data: DashboardResponse }) {
  const { t } = useT();
  const fmt = useFormat();
  const c = data.current;
  const span = { from: data.range.from, to: data.range.to };
  const phase = (kind: string, index: number) =>
    kind === 'funded' ? t('DASHBOARD.PHASE.FUNDED') : t('DASHBOARD.PHASE.N', { n: index + 1 });
  const funnel = [
    ['registered', 'DASHBOARD.FUNNEL.REGISTERED', c.funnel.registered],
    ['bought', 'DASHBOARD.FUNNEL.BOUGHT', c.funnel.bought],
    ['passed', 'DASHBOARD.FUNNEL.PASSED_1', c.funnel.passedPhase1],
    ['funded', 'DASHBOARD.FUNNEL.FUNDED', c.funnel.funded],
    ['paid-out', 'DASHBOARD.FUNNEL.PAID_OUT', c.funnel.paidOut],
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
                to: `${links.orders(span, 'paid')}&challengeId=${o.challengeId}`,
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
            }))}
          />
          <Text size="xs" c="dimmed" mt="sm">
            {t('DASHBOARD.CHART.ACTIVE_BY_PHASE', {
              phases:
                data.now.activeByPhase
                  .map((a) => `${phase(a.phaseKind, a.phaseIndex)}: ${fmt.number(a.count)}`)
                  .join(' · ') || '—',
            })}
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
              display: `${r.rateBps === null ? '—' : fmt.percentBps(r.rateBps)} (${r.passed}/${r.passed + r.failed})`,
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
            }))}
          />
        </Card>
        <Card title={t('DASHBOARD.CHART.FUNNEL')}>
          <BarList
            testId="funnel"
            color={2}
            bars={funnel.map(([key, label, value]) => ({ key, label: t(label), value, display: fmt.number(value) }))}
          />
        </Card>
      </SimpleGrid>
    </>
  );
}
