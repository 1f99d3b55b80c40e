import { Button, Group, Paper, SimpleGrid, Stack } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useT } from '../../../i18n/use-t';
import { PageFrame } from '../../../layout/page-frame';
import { useCurrentUser } from '../../../lib/auth/auth-provider';
import { isAdmin } from '../../../lib/auth/roles';
import { StaffAccountApi } from '../api/account-api-base';
import { useAccountOverview } from '../api/get-account-overview';
import { useAccountOwner, type OverrideAction, type TradingAccount } from '../api/staff-accounts';
import { AccountBar } from '../components/account-bar';
import { AccountTimeline } from '../components/account-timeline';
import { BlockError, BlockSkeleton } from '../components/block';
import { DailySummary } from '../components/daily-summary';
import { EquityChart } from '../components/equity-chart';
import { Figures } from '../components/figures';
import { LimitsBlock } from '../components/limits-block';
import { ObjectivesBlock } from '../components/objectives-block';
import { AccountOverrideDialog } from '../components/override-dialog';
import { RestrictedNewsBlock } from '../components/restricted-news-block';
import { StatisticsBlock } from '../components/statistics-block';
import { TradeJournal } from '../components/trade-journal';
import type { TradeFilters } from '../model/journal-filters';
import type { EquityRange } from '../model/equity-range';
import { OVERRIDE_LABEL, overridesFor } from '../model/overrides';
import classes from '../components/accounts.module.css';

/** ADMIN's overrides for the account in its status; each asks for a reason first. */
function OverrideButtons({ account }: { account: TradingAccount }) {
  const { t } = useT();
  const [target, setTarget] = useState<{ account: TradingAccount; action: OverrideAction } | null>(null);
  return (
    <>
      <Group gap="xs" justify="flex-end" data-testid="report-overrides">
        {overridesFor(account).map((action) => (
          <Button
            key={action}
            size="sm"
            // Plain buttons (the theme's text colours, AA in both themes); the dialog that follows
            // shows the destructive ones in red.
            variant="default"
            onClick={() => setTarget({ account, action })}
            data-testid={`report-${action}`}
          >
            {t(OVERRIDE_LABEL[action])}
          </Button>
        ))}
      </Group>
      <AccountOverrideDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}

const BreachReport = lazy(() => import('../components/breach-report').then((m) => ({ default: m.BreachReport })));

/** The member's overview and trading overview in one page, read through the staff routes. */
function StaffReport({ accountId }: { accountId: string }) {
  const query = useAccountOverview(accountId);
  const canWrite = isAdmin(useCurrentUser());
  const [range, setRange] = useState<EquityRange>('all');
  const [month, setMonth] = useState<string | null>(null);
  const [filters, setFilters] = useState<TradeFilters>({});
  const o = query.data;
  if (!o) {
    return (
      <Paper withBorder p="lg" className={classes.card} data-testid="report-loading">
        {query.isError ? (
          <BlockError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <BlockSkeleton lines={8} height={20} />
        )}
      </Paper>
    );
  }
  const open = o.account.status === 'active' || o.account.status === 'pending';
  return (
    <Stack gap="lg" data-testid="staff-report">
      {/* Staff read a snapshot: no live stream of the member's account here. */}
      <AccountBar account={o.account} />
      {canWrite && <OverrideButtons account={o.account} />}
      {o.account.status === 'failed' && (
        <Suspense fallback={<BlockSkeleton lines={5} />}>
          <BreachReport overview={o} />
        </Suspense>
      )}
      <Figures overview={o} />
      <AccountTimeline accountId={o.account.id} />
      {open && (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <LimitsBlock overview={o} />
          <RestrictedNewsBlock overview={o} />
        </SimpleGrid>
      )}
      <ObjectivesBlock overview={o} />
      <StatisticsBlock overview={o} />
      <EquityChart overview={o} range={range} onRange={setRange} />
      <DailySummary overview={o} month={month} onMonth={setMonth} />
      <TradeJournal
        overview={o}
        filters={filters}
        // As in the member's URL: an emptied filter is dropped, not sent.
        onFilters={(patch) =>
          setFilters((f) =>
            Object.fromEntries(Object.entries({ ...f, ...patch }).filter(([, v]) => v !== undefined && v !== '')),
          )
        }
        onClear={() => setFilters({})}
      />
    </Stack>
  );
}

/**
 * /users/{userId}/trading-accounts/{tradingAccountId}/view-report (staff): the member's account as
 * the member sees it (overview, limits, objectives, statistics, chart, days, journal), shared with
 * the member's screens through the staff read routes, with what staff did to it (the timeline) and,
 * for ADMIN, the overrides.
 */
export default function StaffReportPage() {
  const { userId = '', tradingAccountId = '' } = useParams();
  const { t } = useT();
  const accountsPath = `/users/${userId}/trading-accounts`;
  const owner = useAccountOwner(userId).data;
  return (
    <PageFrame
      title={t('USERS.REPORT')}
      breadcrumbs={[
        { label: t('MENU.USERS'), to: '/users' },
        { label: owner?.name ?? t('USER_ACCOUNTS.USER'), to: `/users/${userId}/edit-user` },
        { label: t('USERS.TRADING_ACCOUNTS'), to: accountsPath },
        { label: t('USERS.REPORT') },
      ]}
      actions={
        <Button component={Link} to={accountsPath} variant="default">
          {t('USERS.TRADING_ACCOUNTS')}
        </Button>
      }
    >
      <StaffAccountApi userId={userId}>
        <StaffReport key={tradingAccountId} accountId={tradingAccountId} />
      </StaffAccountApi>
    </PageFrame>
  );
}
