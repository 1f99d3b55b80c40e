import type { TradingAccount } from '@app/contracts/trading';
import { Box, Paper, SimpleGrid, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../../i18n/use-t';
import { accountKeys } from '../api/account-keys';
import { useAccountOverview } from '../api/get-account-overview';
import { useBreachReport } from '../api/get-breach-report';
import { useAccounts } from '../api/list-accounts';
import { AccountBar } from '../components/account-bar';
import { Block, BlockError, BlockSkeleton } from '../components/block';
import { Figures } from '../components/figures';
import { LimitsBlock } from '../components/limits-block';
import { useLiveAccountUpdates } from '../components/live-updates';
import { ObjectivesBlock } from '../components/objectives-block';
import { PassedNext } from '../components/passed-next';
import { ResetCountdown } from '../components/reset-countdown';
import { RestrictedNewsBlock } from '../components/restricted-news-block';
import { SelectedAccountPage } from '../components/selected-account-gate';
import { StatisticsBlock } from '../components/statistics-block';
import { WhatIf } from '../components/what-if';
import { storeSelectedAccount } from '../model/selection';
import classes from '../components/accounts.module.css';

// Only a failed account has a breach report: its code loads with it.
const BreachReport = lazy(() => import('../components/breach-report').then((m) => ({ default: m.BreachReport })));

function Overview({ account }: { account: TradingAccount }) {
  const { t } = useT();
  const live = useLiveAccountUpdates();
  const query = useAccountOverview(account.id);
  // A failed account's evidence loads with its overview, not after it.
  useBreachReport(account.id, account.status === 'failed');
  const accounts = useAccounts();
  const client = useQueryClient();
  const navigate = useNavigate();
  const onReset = useCallback(
    () => void client.invalidateQueries({ queryKey: accountKeys.account(account.id) }),
    [client, account.id],
  );
  const o = query.data;
  const shown = o?.account ?? account;

  if (!o) {
    return (
      <>
        <AccountBar account={shown} live={live} />
        <Paper withBorder p="lg" className={classes.card} data-testid="overview-loading">
          {query.isError ? (
            <BlockError error={query.error} onRetry={() => void query.refetch()} />
          ) : (
            <BlockSkeleton lines={8} height={20} />
          )}
        </Paper>
      </>
    );
  }

  const open = o.account.status === 'active' || o.account.status === 'pending';
  const next = accounts.data?.accounts.find((a) => a.id === o.account.nextAccountId);
  return (
    <Box data-testid="account-overview">
      <AccountBar account={o.account} live={live} />
      {o.account.status === 'failed' && (
        <Suspense
          fallback={
            <Paper withBorder p="lg" mb="lg" className={classes.card}>
              <BlockSkeleton lines={5} />
            </Paper>
          }
        >
          <BreachReport overview={o} />
        </Suspense>
      )}
      {o.account.status === 'passed' && (
        <PassedNext
          overview={o}
          next={next}
          onOpen={(a) => {
            storeSelectedAccount(a);
            void navigate('/accounts/account-overview');
          }}
        />
      )}
      <Figures overview={o} />
      {open && (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" mb="lg">
          <LimitsBlock overview={o} />
          <Stack gap="lg">
            <Block title={t('ACCOUNTS.RESET.TITLE')} headingId="reset-title" testId="reset">
              <ResetCountdown resetAt={o.nextDailyResetAt} timeZone={o.timeZone} onReset={onReset} />
            </Block>
            <Block title={t('ACCOUNTS.WHAT_IF.TITLE')} headingId="what-if-title" testId="what-if-block">
              <WhatIf overview={o} />
            </Block>
            <RestrictedNewsBlock overview={o} />
          </Stack>
        </SimpleGrid>
      )}
      <Stack gap="lg">
        <ObjectivesBlock overview={o} />
        <StatisticsBlock overview={o} />
      </Stack>
    </Box>
  );
}

/** /accounts/account-overview: the stored account's figures, limits, objectives and statistics. */
export default function AccountOverviewPage() {
  return (
    <SelectedAccountPage titleId="MENU.ACCOUNT_OVERVIEW">
      {(account) => <Overview key={account.id} account={account} />}
    </SelectedAccountPage>
  );
}
