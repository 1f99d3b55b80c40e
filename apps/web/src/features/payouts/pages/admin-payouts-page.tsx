import { payoutListQuerySchema, type AdminPayout } from '@app/contracts/payouts';
import { Text } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { useCallback } from 'react';
import { ListTable } from '../../../components/list-table/list-table';
import { useT } from '../../../i18n/use-t';
import { PageFrame } from '../../../layout/page-frame';
import { useCurrentUser } from '../../../lib/auth/auth-provider';
import { isAdmin } from '../../../lib/auth/roles';
import { useListState } from '../../../lib/list-state/use-list-state';
import { useOpenRow } from '../../../lib/list-state/use-open-row';
import { usePayoutQueue } from '../api/list-payout-queue';
import { PayoutDrawer } from '../components/payout-drawer';
import { useQueueColumns } from '../components/queue-columns';
import { QueueFilters } from '../components/queue-filters';

/**
 * /admin-payouts-requests (staff): the queue, oldest request first by default, searched, filtered
 * and sorted on the server, with each request's detail. SUPPORT reads; ADMIN decides.
 */
export default function AdminPayoutsPage() {
  const { t } = useT();
  const canWrite = isAdmin(useCurrentUser());
  const list = useListState(payoutListQuerySchema);
  const query = usePayoutQueue(list.params);
  const { openId, open: openRow, close } = useOpenRow();
  const open = useCallback((p: AdminPayout) => openRow(p.id), [openRow]);
  const columns = useQueueColumns({ onOpen: open });

  return (
    <PageFrame title={t('PAYOUTS.REQUESTS')} breadcrumbs={[{ label: t('PAYOUTS.REQUESTS') }]}>
      <Text c="dimmed" size="sm" mb="md" maw={720}>
        {t('PAYOUTS.INTRO')} {!canWrite && t('PAYOUTS.READ_ONLY')}
      </Text>
      <QueueFilters list={list} />
      <ListTable
        label={t('PAYOUTS.REQUESTS')}
        columns={columns}
        query={query}
        list={list}
        testId="payout-queue"
        empty={{
          icon: <IconWallet size={28} aria-hidden />,
          title: t('PAYOUTS.REQUESTS.EMPTY.TITLE'),
          text: t('PAYOUTS.REQUESTS.EMPTY.TEXT'),
        }}
      />
      <PayoutDrawer payoutId={openId} canWrite={canWrite} onClose={close} />
    </PageFrame>
  );
}
