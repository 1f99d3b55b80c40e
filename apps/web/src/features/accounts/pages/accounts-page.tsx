import type { AccountOverview, AccountStatus, TradingAccount } from '@app/contracts/trading';
import { Box, Button, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconChartLine, IconFilterOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { WelcomeCard } from '../../../components/welcome-card';
import { useT } from '../../../i18n/use-t';
import { FramePage } from '../../../layout/frame-page';
import { PageFrame } from '../../../layout/page-frame';
import { useAccountId } from '../../../layout/use-account-id';
import { StartChallengeButton } from '../../../components/start-challenge-button';
import { useAfterFirstPaint } from '../../../lib/use-after-first-paint';
import { AwaitingOrdersNotice } from '../components/awaiting-orders-notice';
import { viewportAtLeast } from '../../../lib/viewport';
import { useAccountOverviews } from '../api/get-account-overview';
import { useAccounts } from '../api/list-accounts';
import { AccountCard } from '../components/account-card';
import { AttentionStrip } from '../components/attention-strip';
import { BlockError } from '../components/block';
import { LiveIndicator, useLiveAccountUpdates } from '../components/live-updates';
import { StatusFilter } from '../components/status-filter';
import { useNow } from '../components/use-now';
import { findStoredAccount, storedAccountKey, storeSelectedAccount } from '../model/selection';
import { STATUSES } from '../model/statuses';
import { attentionItems, sortByUrgency } from '../model/urgency';
import classes from '../components/accounts.module.css';

/** About as many cards as the first screen shows (1, 2 or 3 columns, a row and a half). */
const firstScreenCards = () => (viewportAtLeast('xl') ? 6 : viewportAtLeast('md') ? 4 : 2);

const parseStatus = (value: string | null): AccountStatus | undefined => STATUSES.find((s) => s === value);

/**
 * /accounts: every trading account of the member, most urgent first (an active account near a
 * limit or its deadline), with what needs attention on top. Opening one stores it (accountId,
 * id, status) and shows its overview.
 */
export default function AccountsPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const status = parseStatus(search.get('status'));
  const live = useLiveAccountUpdates();
  const query = useAccounts();
  const accounts = useMemo(() => query.data?.accounts ?? [], [query.data]);
  // Pending accounts have no figures yet; the others' overviews give limits, target and days.
  const overviewIds = useMemo(() => accounts.filter((a) => a.status !== 'pending').map((a) => a.id), [accounts]);
  const overviewQueries = useAccountOverviews(overviewIds);
  const overviews = useMemo(() => {
    const map = new Map<string, AccountOverview>();
    for (const q of overviewQueries) if (q.data) map.set(q.data.account.id, q.data);
    return map;
  }, [overviewQueries]);
  const now = useNow(60_000);
  const storedLogin = useAccountId();
  const selected = findStoredAccount(accounts, storedLogin, storedAccountKey());

  const sorted = useMemo(() => sortByUrgency(accounts, overviews, now), [accounts, overviews, now]);
  const visible = status ? sorted.filter((a) => a.status === status) : sorted;
  // The cards below the first screen render right after the first paint, not before it: on a
  // phone (4× slower CPU) that brought the page's largest paint ~9 % earlier. A flag that turns
  // true once (not a deferred count): a list that arrives later shows all its cards at once.
  const [firstScreen] = useState(firstScreenCards);
  const allCards = useAfterFirstPaint();
  const attention = useMemo(() => attentionItems(sorted, overviews, now), [sorted, overviews, now]);

  const open = (a: TradingAccount, to = '/accounts/account-overview') => {
    storeSelectedAccount(a);
    void navigate(to);
  };
  const setStatus = (next: AccountStatus | undefined) =>
    setSearch(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next) p.set('status', next);
        else p.delete('status');
        return p;
      },
      { preventScrollReset: true },
    );

  // A member without accounts keeps the welcome and Start Challenge.
  if (query.data && accounts.length === 0) {
    return (
      <FramePage
        titleId="MENU.ACCOUNTS"
        icon={<IconChartLine size={28} aria-hidden />}
        emptyTitleId="ACCOUNTS.EMPTY.TITLE"
        emptyTextId="ACCOUNTS.EMPTY.TEXT"
        action={<StartChallengeButton mt="md" />}
      >
        <AwaitingOrdersNotice />
        <WelcomeCard newcomer />
      </FramePage>
    );
  }

  const overviewPending = (id: string) => overviewQueries[overviewIds.indexOf(id)]?.isPending ?? false;

  return (
    <PageFrame
      title={t('MENU.ACCOUNTS')}
      breadcrumbs={[{ label: t('MENU.ACCOUNTS') }]}
      actions={<LiveIndicator status={live} />}
    >
      <Box className={classes.area}>
        {query.isError && !query.data ? (
          <Paper withBorder p="lg" className={classes.card}>
            <BlockError error={query.error} onRetry={() => void query.refetch()} titleId="ACCOUNTS.ERROR.LIST" />
          </Paper>
        ) : query.isPending ? (
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg" aria-busy="true" data-testid="accounts-loading">
            {[0, 1, 2].map((i) => (
              <Paper key={i} withBorder p="lg" className={classes.card}>
                <Stack gap="sm">
                  <Skeleton h={20} w="60%" />
                  <Skeleton h={14} w="40%" />
                  <Skeleton h={36} />
                  <Skeleton h={10} />
                  <Skeleton h={32} w="50%" />
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        ) : (
          <>
            <AttentionStrip items={attention} onOpen={(a) => open(a)} />
            <StatusFilter accounts={accounts} value={status} onChange={setStatus} />
            {visible.length === 0 ? (
              <Paper withBorder p="xl" className={classes.card} data-testid="accounts-no-matches">
                <Stack align="center" gap="xs" ta="center" role="status">
                  <Text fw={600}>{t('ACCOUNTS.FILTER.NONE')}</Text>
                  <Button
                    variant="default"
                    leftSection={<IconFilterOff size={16} aria-hidden />}
                    onClick={() => setStatus(undefined)}
                  >
                    {t('LIST.CLEAR_FILTERS')}
                  </Button>
                </Stack>
              </Paper>
            ) : (
              <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg" data-testid="account-cards">
                {(allCards ? visible : visible.slice(0, firstScreen)).map((a) => (
                  <AccountCard
                    key={a.id}
                    account={a}
                    overview={overviews.get(a.id)}
                    overviewLoading={overviewPending(a.id)}
                    selected={selected?.id === a.id}
                    onOpen={() => open(a)}
                    onOpenTrading={() => open(a, '/accounts/trading-overview')}
                  />
                ))}
              </SimpleGrid>
            )}
          </>
        )}
      </Box>
    </PageFrame>
  );
}
