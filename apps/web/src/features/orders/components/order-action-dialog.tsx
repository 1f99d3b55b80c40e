import type { AdminOrder } from '@app/contracts/commerce';
import { Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useT } from '../../../i18n/use-t';
import type { MessageId } from '../../../i18n/messages';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useOrderAction, type OrderAction } from '../api/order-action';

const TEXTS: Record<
  OrderAction,
  { title: MessageId; text: MessageId; confirm: MessageId; field: MessageId; success: MessageId; failed: MessageId }
> = {
  'mark-paid': {
    title: 'ORDERS.MARK_PAID.TITLE',
    text: 'ORDERS.MARK_PAID.TEXT',
    confirm: 'ORDERS.MARK_PAID',
    field: 'ORDERS.MARK_PAID.REFERENCE',
    success: 'ORDERS.MARK_PAID.SUCCESS',
    failed: 'ORDERS.MARK_PAID.FAILED',
  },
  cancel: {
    title: 'ORDERS.CANCEL.TITLE',
    text: 'ORDERS.CANCEL.TEXT',
    confirm: 'ORDERS.CANCEL',
    field: 'ORDERS.REASON',
    success: 'ORDERS.CANCEL.SUCCESS',
    failed: 'ORDERS.CANCEL.FAILED',
  },
  refund: {
    title: 'ORDERS.REFUND.TITLE',
    text: 'ORDERS.REFUND.TEXT',
    confirm: 'ORDERS.REFUND',
    field: 'ORDERS.REASON',
    success: 'ORDERS.REFUND.SUCCESS',
    failed: 'ORDERS.REFUND.FAILED',
  },
};

/** Confirms a staff action on an order (with the bank reference or the reason), then runs it. */
export function OrderActionDialog({
  order,
  action,
  onClose,
}: {
  order: AdminOrder;
  action: OrderAction | null;
  onClose: () => void;
}) {
  const { t, tError } = useT();
  const run = useOrderAction();
  const [text, setText] = useState('');
  // The last action asked about stays while the dialog animates closed.
  const [shown, setShown] = useState<OrderAction>('cancel');
  useEffect(() => {
    if (action) {
      setShown(action);
      setText('');
    }
  }, [action]);
  const texts = TEXTS[shown];
  const values = { number: order.number };

  const confirm = async () => {
    try {
      await run.mutateAsync({ id: order.id, action: shown, text: text.trim() });
      toastSuccess(t(texts.success, values));
      onClose();
    } catch (error) {
      toastError(tError(error, texts.failed));
    }
  };

  return (
    <ConfirmDialog
      opened={action !== null}
      title={t(texts.title, values)}
      confirmLabel={t(texts.confirm)}
      danger={shown !== 'mark-paid'}
      busy={run.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <Stack gap="sm">
        <Text size="sm">{t(texts.text, values)}</Text>
        <TextInput
          label={t(texts.field)}
          description={t('ORDERS.OPTIONAL')}
          value={text}
          maxLength={shown === 'mark-paid' ? 100 : 300}
          onChange={(e) => setText(e.currentTarget.value)}
          data-testid="order-action-text"
        />
      </Stack>
    </ConfirmDialog>
  );
}
