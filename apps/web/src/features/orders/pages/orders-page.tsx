import { orderListQuerySchema, type AdminOrder } from '@app/contracts/commerce';
import { Tabs, Text } from '@mantine/core';
import { IconDiscount, IconShoppingCart } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListTable } from '../../../components/list-table/list-table';
import { useT } from '../../../i18n/use-t';
import { PageFrame } from '../../../layout/page-frame';
import { useCurrentUser } from '../../../lib/auth/auth-provider';
import { isAdmin } from '../../../lib/auth/roles';
import { useListState } from '../../../lib/list-state/use-list-state';
import { useOpenRow } from '../../../lib/list-state/use-open-row';
import { toastError } from '../../../lib/toast';
import { exportOrdersCsv } from '../api/export-orders-csv';
import { useOrders } from '../api/list-orders';
import { DiscountCodesTab } from '../components/discount-codes-tab';
import { useOrderColumns } from '../components/order-columns';
import { OrderDrawer } from '../components/order-drawer';
import { OrderFilters } from '../components/order-filters';

function OrdersTab({ canWrite }: { canWrite: boolean }) {
  const { t, tError } = useT();
  const list = useListState(orderListQuerySchema);
  const query = useOrders(list.params);
  const { openId, open: openRow, close } = useOpenRow();
  const [exporting, setExporting] = useState(false);
  const open = useCallback((o: AdminOrder) => openRow(o.id), [openRow]);
  const columns = useOrderColumns({ onOpen: open });
  const onExport = () => {
    setExporting(true);
    void exportOrdersCsv(list.params)
      .catch((error: unknown) => toastError(tError(error, 'ORDERS.EXPORT_FAILED')))
      .finally(() => setExporting(false));
  };

  return (
    <>
      <OrderFilters list={list} onExport={onExport} exporting={exporting} />
      <ListTable
        label={t('MENU.ORDERS')}
        columns={columns}
        query={query}
        list={list}
        testId="orders-table"
        empty={{
          icon: <IconShoppingCart size={28} aria-hidden />,
          title: t('ORDERS.EMPTY.TITLE'),
          text: t('ORDERS.EMPTY.TEXT'),
        }}
      />
      <OrderDrawer orderId={openId} canWrite={canWrite} onClose={close} />
    </>
  );
}

/**
 * /orders (staff): the orders desk, searched, filtered and sorted on the server, with each order's
 * detail; and the discount codes. SUPPORT reads everything; ADMIN marks paid, cancels, refunds and
 * manages codes.
 */
export default function OrdersPage() {
  const { t } = useT();
  const canWrite = isAdmin(useCurrentUser());
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'discounts' ? 'discounts' : 'orders';
  // The Create dialog links here with `create=1` to open the discount-code form.
  const creating = canWrite && tab === 'discounts' && search.get('create') === '1';
  const setCreating = (open: boolean) => setSearch(open ? { tab: 'discounts', create: '1' } : { tab: 'discounts' });

  return (
    <PageFrame title={t('MENU.ORDERS')} breadcrumbs={[{ label: t('MENU.ORDERS') }]}>
      <Text c="dimmed" size="sm" mb="md" maw={720}>
        {t('ORDERS.INTRO')} {!canWrite && t('ORDERS.READ_ONLY')}
      </Text>
      <Tabs
        value={tab}
        // Each tab has its own list: its page, sort and filters start afresh.
        onChange={(v) => setSearch(v === 'discounts' ? { tab: 'discounts' } : {})}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="orders" leftSection={<IconShoppingCart size={16} aria-hidden />}>
            {t('ORDERS.TAB.ORDERS')}
          </Tabs.Tab>
          <Tabs.Tab value="discounts" leftSection={<IconDiscount size={16} aria-hidden />} data-testid="tab-discounts">
            {t('DISCOUNTS.TITLE')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="orders">
          <OrdersTab canWrite={canWrite} />
        </Tabs.Panel>
        <Tabs.Panel value="discounts">
          <DiscountCodesTab canWrite={canWrite} creating={creating} setCreating={setCreating} />
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}
