import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useCurrentUser } from '../../../lib/auth/auth-provider';
import { isAdmin } from '../../../lib/auth/roles';
import { useSearchUpdater } from '../../../lib/use-search-updater';
import { useT } from '../../../i18n/use-t';
import { PageFrame } from '../../../layout/page-frame';
import { useDisplayTimeZone } from '../../../lib/format/display-zone';
import { useFormat } from '../../../lib/format/use-format';
import { ListMessage } from '../../../components/list-table/list-message';
import { WelcomeCard } from '../../../components/welcome-card';
import { useDashboard } from '../api/get-dashboard';
import { DashboardCharts } from '../components/dashboard-charts';
import { DashboardKpis } from '../components/dashboard-kpis';
import { DashboardLists } from '../components/dashboard-lists';
import { NeedsYou } from '../components/needs-you';
import { RangePicker } from '../components/range-picker';
import { rangeFromSearch, rangeToSearch, type RangeState } from '../model/range';

function DashboardSkeleton() {
  return (
    <Stack gap="md" data-testid="dashboard-loading" aria-busy>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={64} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="sm">
        {Array.from({ length: 10 }, (_, i) => (
          <Skeleton key={i} h={96} />
        ))}
      </SimpleGrid>
      <Skeleton h={260} />
    </Stack>
  );
}

/**
 * /dashboard (staff): the business at a glance for a range kept in the URL (?range=7d, or
 * custom days), each figure against the period before and linked to its list; what needs staff
 * now; charts and short lists. Days and times in the viewer's zone; money in the firm's currency.
 */
export default function DashboardPage() {
  const { t, tError } = useT();
  const fmt = useFormat();
  const [search, setSearch] = useSearchUpdater();
  const range = useMemo(() => rangeFromSearch(search), [search]);
  // The picker shows custom days as typed, even out of order (the figures keep the last valid range).
  const picked = useMemo(() => rangeFromSearch(search, true), [search]);
  const tz = useDisplayTimeZone();
  const me = useCurrentUser();
  const query = useDashboard({ ...range, tz });
  // Applied on top of the last change asked for: two date inputs changed in a row both count.
  const setRange = (patch: Partial<RangeState>) =>
    setSearch((latest) => rangeToSearch({ ...rangeFromSearch(latest, true), ...patch }));
  const data = query.data;
  const quiet =
    data &&
    data.current.paidOrders === 0 &&
    data.current.newMembers === 0 &&
    data.current.accountsOpened === 0 &&
    data.current.payoutsRequested.count === 0;

  return (
    <PageFrame title={t('MENU.DASHBOARD')} breadcrumbs={[{ label: t('MENU.DASHBOARD') }]}>
      <WelcomeCard />
      <Group justify="space-between" align="flex-end" mb="md" wrap="wrap" gap="sm">
        <RangePicker value={picked} onChange={setRange} timeZone={tz} />
        {data && (
          <Text size="xs" c="dimmed" data-testid="dashboard-period">
            {/* Each end names its zone ("… 00:00 JST – … 10:00 JST"): no third mention after them. */}
            {t('DASHBOARD.PERIOD', {
              from: data.range.from ? fmt.dateTime(data.range.from, tz) : '—',
              to: fmt.dateTime(data.range.to, tz),
            })}
            {data.range.previousFrom &&
              data.range.previousTo &&
              ` · ${t('DASHBOARD.PREVIOUS', {
                from: fmt.date(data.range.previousFrom, tz),
                to: fmt.date(data.range.previousTo, tz),
              })}`}
          </Text>
        )}
      </Group>
      {query.isError && !data ? (
        <ListMessage
          tone="error"
          icon={<IconAlertTriangle size={28} aria-hidden />}
          title={t('DASHBOARD.ERROR.TITLE')}
          text={tError(query.error, 'LIST.ERROR.TEXT')}
          testId="dashboard-error"
        >
          <Button
            leftSection={<IconRefresh size={16} aria-hidden />}
            variant="default"
            onClick={() => void query.refetch()}
          >
            {t('LIST.RETRY')}
          </Button>
        </ListMessage>
      ) : !data ? (
        <DashboardSkeleton />
      ) : (
        <div
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
          data-testid="dashboard"
        >
          <NeedsYou data={data} canResend={isAdmin(me)} />
          {quiet && (
            <Alert icon={<IconInfoCircle size={18} aria-hidden />} mb="md" color="gray" data-testid="dashboard-quiet">
              {t('DASHBOARD.QUIET')}
            </Alert>
          )}
          <DashboardKpis data={data} />
          <DashboardCharts data={data} />
          <DashboardLists data={data} />
          <Text size="xs" c="dimmed" mt="md">
            {t('DASHBOARD.CURRENCY_NOTE', { currency: data.currency })}
          </Text>
        </div>
      )}
    </PageFrame>
  );
}
