import 'mantine-datatable/styles.css';
import { Paper } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { PageFrame } from '../../../layout/page-frame';
import { useT } from '../../../i18n/use-t';

interface OrderRow {
  id: string;
}

/**
 * The orders table's frame: its columns, and an empty state until the orders endpoint exists.
 * The data table library loads with this page only.
 */
export default function OrdersPage() {
  const { t } = useT();
  const columns = [
    { accessor: 'id', title: t('ORDERS.COL.ID') },
    { accessor: 'customer', title: t('ORDERS.COL.CUSTOMER') },
    { accessor: 'challenge', title: t('ORDERS.COL.CHALLENGE') },
    { accessor: 'amount', title: t('ORDERS.COL.AMOUNT'), textAlign: 'right' as const },
    { accessor: 'status', title: t('ORDERS.COL.STATUS') },
    { accessor: 'createdAt', title: t('ORDERS.COL.DATE') },
  ];
  return (
    <PageFrame title={t('MENU.ORDERS')} breadcrumbs={[{ label: t('MENU.ORDERS') }]}>
      <Paper
        withBorder
        p="md"
        style={{ background: 'var(--app-surface)', borderColor: 'var(--app-border)' }}
        data-testid="orders-table"
      >
        <DataTable<OrderRow>
          minHeight={280}
          records={[]}
          columns={columns}
          noRecordsText={t('ORDERS.EMPTY.TEXT')}
          noRecordsIcon={<IconShoppingCart size={32} stroke={1.4} aria-hidden />}
          striped
          highlightOnHover
          verticalSpacing="sm"
          aria-label={t('MENU.ORDERS')}
        />
      </Paper>
    </PageFrame>
  );
}
