import { Skeleton, Stack } from '@mantine/core';
import { NextRestrictedCountdown } from '../../../components/news/next-restricted-countdown';
import { NewsViolationsList } from '../../../components/news/news-violations-list';
import { useT } from '../../../i18n/use-t';
import type { AccountOverview } from '../api/get-account-overview';
import { useNewsViolations } from '../api/get-news-violations';
import { Block, BlockError } from './block';

/** The next restricted news event, and on a phase with the restricted-news rule, the flagged trades. */
export function RestrictedNewsBlock({ overview: o }: { overview: AccountOverview }) {
  const { t } = useT();
  const ruleOn = Boolean(o.rules.restrictedNews);
  const violations = useNewsViolations(o.account.id, ruleOn);
  return (
    <Block title={t('NEWS.NEXT.BLOCK')} headingId="restricted-news-title" testId="restricted-news">
      <Stack gap="md">
        <NextRestrictedCountdown />
        {ruleOn &&
          (violations.isError ? (
            <BlockError error={violations.error} onRetry={() => void violations.refetch()} />
          ) : violations.data ? (
            <NewsViolationsList data={violations.data} />
          ) : (
            <Skeleton h={40} />
          ))}
      </Stack>
    </Block>
  );
}
