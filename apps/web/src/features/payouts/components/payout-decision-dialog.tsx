import type { AdminPayout } from '@app/contracts/payouts';
import { Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useT } from '../../../i18n/use-t';
import type { MessageId } from '../../../i18n/messages';
import { useFormat } from '../../../lib/format/use-format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { usePayoutDecision, type PayoutDecision } from '../api/payout-decision';

const TEXTS: Record<
  PayoutDecision,
  { title: MessageId; text: MessageId; confirm: MessageId; field?: MessageId; success: MessageId; failed: MessageId }
> = {
  approve: {
    title: 'PAYOUTS.APPROVE.TITLE',
    text: 'PAYOUTS.APPROVE.TEXT',
    confirm: 'PAYOUTS.APPROVE',
    success: 'PAYOUTS.APPROVE.SUCCESS',
    failed: 'PAYOUTS.APPROVE.FAILED',
  },
  reject: {
    title: 'PAYOUTS.REJECT.TITLE',
    text: 'PAYOUTS.REJECT.TEXT',
    confirm: 'PAYOUTS.REJECT',
    field: 'PAYOUTS.REJECT.REASON',
    success: 'PAYOUTS.REJECT.SUCCESS',
    failed: 'PAYOUTS.REJECT.FAILED',
  },
  'mark-paid': {
    title: 'PAYOUTS.PAY.TITLE',
    text: 'PAYOUTS.PAY.TEXT',
    confirm: 'PAYOUTS.PAY',
    field: 'PAYOUTS.PAY.REFERENCE',
    success: 'PAYOUTS.PAY.SUCCESS',
    failed: 'PAYOUTS.PAY.FAILED',
  },
};

/** Confirms a decision (with the reason or the transfer reference, both required), then runs it. */
export function PayoutDecisionDialog({
  payout,
  decision,
  onClose,
}: {
  payout: AdminPayout;
  decision: PayoutDecision | null;
  onClose: () => void;
}) {
  const { t, tError } = useT();
  const format = useFormat();
  const run = usePayoutDecision();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  // The last decision asked about stays while the dialog animates closed.
  const [shown, setShown] = useState<PayoutDecision>('approve');
  useEffect(() => {
    if (decision) {
      setShown(decision);
      setText('');
      setMissing(false);
    }
  }, [decision]);
  const texts = TEXTS[shown];
  const values = { amount: format.money(payout.amountCents, payout.currency), email: payout.userEmail };

  const confirm = async () => {
    if (texts.field && !text.trim()) return setMissing(true);
    try {
      await run.mutateAsync({ id: payout.id, decision: shown, text: text.trim() });
      toastSuccess(t(texts.success, values));
      onClose();
    } catch (error) {
      toastError(tError(error, texts.failed));
    }
  };
  const fieldProps = {
    label: texts.field ? t(texts.field) : '',
    value: text,
    onChange: (e: { currentTarget: { value: string } }) => {
      setText(e.currentTarget.value);
      setMissing(false);
    },
    error: missing ? t('PAYOUTS.FIELD_REQUIRED') : undefined,
    required: true,
    'data-testid': 'payout-decision-text',
  };

  return (
    <ConfirmDialog
      opened={decision !== null}
      title={t(texts.title, values)}
      confirmLabel={t(texts.confirm)}
      danger={shown === 'reject'}
      busy={run.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <Stack gap="sm">
        <Text size="sm">{t(texts.text, values)}</Text>
        {shown === 'reject' && <Textarea {...fieldProps} maxLength={500} rows={3} />}
        {shown === 'mark-paid' && <TextInput {...fieldProps} maxLength={200} />}
      </Stack>
    </ConfirmDialog>
  );
}
