import type { DashboardResponse } from '@app/contracts/dashboard';
import { Anchor, Badge, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconAlertTriangle, IconBuildingBank, IconCash, IconNews } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { feedFailureText } from '../../../components/news/feed-failure-text';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { links } from '../model/links';

function Item({
  icon,
  title,
  count,
  to,
  detail,
  testId,
}: {
  icon: ReactNode;
  title: string;
  count: number;
  to: string;
  detail: string;
  testId: string;
}) {
  return (
    <Paper
      withBorder
      p="sm"
      style={{
        background: 'var(--app-surface)',
        borderLeft: `4px solid var(--mantine-color-${count > 0 ? 'orange' : 'teal'}-6)`,
      }}
      data-testid={testId}
    >
      <Anchor component={Link} to={to} fw={600} size="sm" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        {/* A long title (German) wraps; the icon and the count keep their size. */}
        <span style={{ display: 'inline-flex', flexShrink: 0 }}>{icon}</span>
        <span style={{ minWidth: 0 }}>{title}</span>
        <Badge color={count > 0 ? 'orange' : 'teal'} variant="light" style={{ flexShrink: 0 }}>
          {count}
        </Badge>
      </Anchor>
      <Text size="xs" c="dimmed" mt={4}>
        {detail}
      </Text>
    </Paper>
  );
}

/**
 * What waits for staff now: open payouts (the oldest first), bank transfers to confirm, failed
 * payments, and a news feed whose scheduled fetches fail.
 */
export function NeedsYou({ data }: { data: DashboardResponse }) {
  const { t } = useT();
  const fmt = useFormat();
  const n = data.needsYou;
  const oldest = n.oldestPayouts[0];
  const manual = n.oldestManualOrders[0];
  const failed = n.latestFailedPayments[0];
  const news = n.newsFeed;
  const newsDetail = () => {
    if (news.failures === 0 || !news.lastFailureAt) return t('DASHBOARD.NEEDS.NEWS_OK');
    const failure = { date: fmt.dateTime(news.lastFailureAt), error: feedFailureText(t, news.lastFailure) };
    return news.lastGoodAt
      ? t('DASHBOARD.NEEDS.NEWS_FAILING', { ...failure, good: fmt.dateTime(news.lastGoodAt) })
      : t('DASHBOARD.NEEDS.NEWS_FAILING_NEVER_GOOD', failure);
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" mb="lg" data-testid="needs-you">
      <Item
        icon={<IconCash size={18} aria-hidden />}
        title={t('DASHBOARD.NEEDS.PAYOUTS')}
        count={n.openPayouts}
        to={links.openPayouts()}
        testId="needs-payouts"
        detail={
          oldest
            ? t('DASHBOARD.NEEDS.PAYOUTS_OLDEST', {
                name: oldest.userName,
                amount: fmt.money(oldest.amountCents, oldest.currency),
                hours: oldest.ageHours,
              })
            : t('DASHBOARD.NEEDS.NOTHING')
        }
      />
      <Item
        icon={<IconBuildingBank size={18} aria-hidden />}
        title={t('DASHBOARD.NEEDS.MANUAL')}
        count={n.manualOrders}
        to={links.manualOrders()}
        testId="needs-manual"
        detail={
          manual
            ? t('DASHBOARD.NEEDS.MANUAL_OLDEST', { number: manual.number, date: fmt.dateTime(manual.createdAt) })
            : t('DASHBOARD.NEEDS.NOTHING')
        }
      />
      <Item
        icon={<IconAlertTriangle size={18} aria-hidden />}
        title={t('DASHBOARD.NEEDS.FAILED')}
        count={n.failedPayments}
        to={links.failedOrders()}
        testId="needs-failed"
        detail={
          failed
            ? t('DASHBOARD.NEEDS.FAILED_LATEST', { number: failed.number, date: fmt.dateTime(failed.createdAt) })
            : t('DASHBOARD.NEEDS.FAILED_NONE')
        }
      />
      <Item
        icon={<IconNews size={18} aria-hidden />}
        title={t('DASHBOARD.NEEDS.NEWS')}
        count={news.failures}
        to={links.newsImport()}
        testId="needs-news"
        detail={newsDetail()}
      />
    </SimpleGrid>
  );
}
