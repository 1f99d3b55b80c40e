import type { DashboardResponse } from '@app/contracts/dashboard';
import { SimpleGrid } from '@mantine/core';
import { IconAlertTriangle, IconBuildingBank, IconCash, IconNews } from '@tabler/icons-react';
import { feedFailureText } from '../../../components/news/feed-failure-text';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { links } from '../model/links';
import { NeedsYouItem } from './needs-you-item';
import { UndeliveredMails } from './undelivered-mails';

/**
 * What waits for staff now: open payouts (the oldest first), bank transfers to confirm, failed
 * payments, a news feed whose scheduled fetches fail, and mails the mail server refused (ADMIN
 * sends them again: `canResend`).
 */
export function NeedsYou({ data, canResend }: { data: DashboardResponse; canResend: boolean }) {
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
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 5 }} spacing="sm" mb="lg" data-testid="needs-you">
      <NeedsYouItem
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
      <NeedsYouItem
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
      <NeedsYouItem
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
      <NeedsYouItem
        icon={<IconNews size={18} aria-hidden />}
        title={t('DASHBOARD.NEEDS.NEWS')}
        count={news.failures}
        to={links.newsImport()}
        testId="needs-news"
        detail={newsDetail()}
      />
      <UndeliveredMails mails={n.undeliveredMails} canResend={canResend} />
    </SimpleGrid>
  );
}
