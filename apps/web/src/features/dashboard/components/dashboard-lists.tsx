import type { OrderStatus } from '@app/contracts/commerce';
import type { DashboardResponse } from '@app/contracts/dashboard';
import { BREACH_RULES } from '@app/contracts/trading';
import { Anchor, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { OrderStatusBadge } from '../../../components/commerce/order-status-badge';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { links } from '../model/links';

function Panel({
  title,
  empty,
  count,
  children,
  testId,
}: {
  title: string;
  empty: string;
  count: number;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Paper withBorder p="md" style={{ background: 'var(--app-surface)', minWidth: 0 }} data-testid={testId}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table striped verticalSpacing={6} fz="sm">
            {children}
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/**
 * Latest orders, open payouts oldest first with their age, accounts breached today (viewer's day);
 * each row opens its own order, payout or report.
 */
export function DashboardLists({ data }: { data: DashboardResponse }) {
  const { t } = useT();
  const fmt = useFormat();
  const { latestOrders, pendingPayouts, breachedToday } = data.lists;
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
      <Panel
        title={t('DASHBOARD.LIST.ORDERS')}
        empty={t('DASHBOARD.LIST.ORDERS_EMPTY')}
        count={latestOrders.length}
        testId="latest-orders"
      >
        <Table.Tbody>
          {latestOrders.map((o) => (
            <Table.Tr key={o.id}>
              <Table.Td>
                <Anchor component={Link} to={links.order(o.number, o.id)} size="sm">
                  {o.number}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {fmt.dateTime(o.createdAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{o.userName}</Text>
                <Text size="xs" c="dimmed">
                  {o.challengeName}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{fmt.money(o.totalCents, o.currency)}</Text>
                <OrderStatusBadge status={o.status as OrderStatus} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Panel>
      <Panel
        title={t('DASHBOARD.LIST.PAYOUTS')}
        empty={t('DASHBOARD.LIST.PAYOUTS_EMPTY')}
        count={pendingPayouts.length}
        testId="pending-payouts"
      >
        <Table.Tbody>
          {pendingPayouts.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>
                <Anchor component={Link} to={links.payout(p.id)} size="sm">
                  {p.userName}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {fmt.dateTime(p.requestedAt)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{fmt.money(p.amountCents, p.currency)}</Text>
                <Text size="xs" c={p.ageHours >= 48 ? 'red' : 'dimmed'}>
                  {t('DASHBOARD.LIST.AGE', { hours: p.ageHours })}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Panel>
      <Panel
        title={t('DASHBOARD.LIST.BREACHED')}
        empty={t('DASHBOARD.LIST.BREACHED_EMPTY')}
        count={breachedToday.length}
        testId="breached-today"
      >
        <Table.Tbody>
          {breachedToday.map((b) => (
            <Table.Tr key={b.accountId}>
              <Table.Td>
                <Anchor component={Link} to={links.report(b.userId, b.accountId)} size="sm">
                  {b.login}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {b.userName} · {b.challengeName}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{t(ruleLabel(b.rule))}</Text>
                <Text size="xs" c="dimmed">
                  {fmt.time(b.endedAt, undefined, { zone: true })}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Panel>
    </SimpleGrid>
  );
}

export const ruleLabel = (rule: string) =>
  (BREACH_RULES.includes(rule as (typeof BREACH_RULES)[number])
    ? `DASHBOARD.RULE.${rule.toUpperCase()}`
    : 'DASHBOARD.RULE.OTHER') as 'DASHBOARD.RULE.OTHER';
