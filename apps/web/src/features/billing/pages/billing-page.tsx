import { myOrdersQuerySchema, ORDER_STATUSES, type Order } from '@app/contracts/commerce';
import { Button, Group, Text } from '@mantine/core';
import { IconReceipt, IconRocket } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { ChoiceFilter } from '../../../components/list-table/choice-filter';
import { ORDER_STATUS_LABELS } from '../../../components/commerce/order-status-badge';
import { ListTable } from '../../../components/list-table/list-table';
import { useT } from '../../../i18n/use-t';
import { PageFrame } from '../../../layout/page-frame';
import { useListState } from '../../../lib/list-state/use-list-state';
import { toastError, toastSuccess } from '../../../lib/toast';
import { downloadInvoice } from '../api/download-invoice';
import { useMyOrders } from '../api/list-my-orders';
import { useRetryOrder } from '../api/retry-order';
import { AwaitingPayment } from '../components/awaiting-payment';
import { useBillingColumns } from '../components/billing-columns';

/**
 * /billing (member): every order with its invoice, how to pay a bank transfer still pending, and
 * a new attempt for a failed payment.
 */
export default function BillingPage() {
  const { t, tError } = useT();
  const list = useListState(myOrdersQuerySchema);
  const query = useMyOrders(list.params);
  const retry = useRetryOrder();
  const [busyId, setBusyId] = useState<string | null>(null);

  const onInvoice = useCallback(
    (o: Order) =>
      void downloadInvoice(o).catch((error: unknown) => toastError(tError(error, 'BILLING.INVOICE.FAILED'))),
    [tError],
  );
  const { mutateAsync } = retry;
  const onRetry = useCallback(
    async (o: Order) => {
      setBusyId(o.id);
      try {
        const { order } = await mutateAsync(o.id);
        // A card payment continues on Stripe's page.
        if (order.status === 'pending' && order.checkoutUrl) {
          window.location.assign(order.checkoutUrl);
          return;
        }
        toastSuccess(t(order.status === 'paid' ? 'BILLING.RETRY.PAID' : 'BILLING.RETRY.STARTED', { number: o.number }));
      } catch (error) {
        toastError(tError(error, 'BILLING.RETRY.FAILED'));
      } finally {
        setBusyId(null);
      }
    },
    [mutateAsync, t, tError],
  );
  const columns = useBillingColumns({ onInvoice, onRetry: (o) => void onRetry(o), busyId });

  const startButton = (
    <Button component={Link} to="/start-challenge" leftSection={<IconRocket size={16} aria-hidden />}>
      {t('BILLING.START')}
    </Button>
  );

  return (
    <PageFrame title={t('MENU.BILLING')} breadcrumbs={[{ label: t('MENU.BILLING') }]}>
      <Text c="dimmed" size="sm" mb="lg" maw={720}>
        {t('BILLING.INTRO')}
      </Text>
      <AwaitingPayment orders={query.data?.items ?? []} />
      <Group mb="md">
        <ChoiceFilter
          label={t('BILLING.FILTER.STATUS')}
          allLabel={t('BILLING.FILTER.ALL')}
          value={list.params.status}
          choices={ORDER_STATUSES.map((s) => ({ value: s, label: t(ORDER_STATUS_LABELS[s]) }))}
          onChange={(next) => list.setFilters({ status: next })}
          style={{ flex: '0 1 200px' }}
          testId="billing-status-filter"
        />
      </Group>
      <ListTable
        label={t('MENU.BILLING')}
        columns={columns}
        query={query}
        list={list}
        testId="billing-table"
        empty={{
          icon: <IconReceipt size={28} aria-hidden />,
          title: t('BILLING.EMPTY.TITLE'),
          text: t('BILLING.EMPTY.TEXT'),
          action: startButton,
        }}
      />
    </PageFrame>
  );
}
