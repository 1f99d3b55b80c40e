import { Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../../i18n/use-t';
import type { MessageId } from '../../../i18n/messages';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useOverrideAccount, type OverrideAction, type TradingAccount } from '../api/staff-accounts';
import { overrideRefusalOf } from '../model/override-refusals';
import { isDestructive } from '../model/overrides';

const TEXTS: Record<OverrideAction, { title: MessageId; text: MessageId; confirm: MessageId; done: MessageId }> = {
  reinstate: {
    title: 'USER_ACCOUNTS.REINSTATE.TITLE',
    text: 'USER_ACCOUNTS.REINSTATE.TEXT',
    confirm: 'USER_ACCOUNTS.REINSTATE',
    done: 'USER_ACCOUNTS.REINSTATE.DONE',
  },
  extend: {
    title: 'USER_ACCOUNTS.EXTEND.TITLE',
    text: 'USER_ACCOUNTS.EXTEND.TEXT',
    confirm: 'USER_ACCOUNTS.EXTEND',
    done: 'USER_ACCOUNTS.EXTEND.DONE',
  },
  reset: {
    title: 'USER_ACCOUNTS.RESET.TITLE',
    text: 'USER_ACCOUNTS.RESET.TEXT',
    confirm: 'USER_ACCOUNTS.RESET',
    done: 'USER_ACCOUNTS.RESET.DONE',
  },
  close: {
    title: 'USER_ACCOUNTS.CLOSE.TITLE',
    text: 'USER_ACCOUNTS.CLOSE.TEXT',
    confirm: 'USER_ACCOUNTS.CLOSE',
    done: 'USER_ACCOUNTS.CLOSE.DONE',
  },
};

/** Asks for the reason (and days where they apply) before an override; the audit log keeps both. */
export function AccountOverrideDialog({
  target,
  onClose,
}: {
  target: { account: TradingAccount; action: OverrideAction } | null;
  onClose: () => void;
}) {
  const { t, tError } = useT();
  const override = useOverrideAccount();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState<number | ''>('');
  const action = target?.action ?? 'close';
  const texts = TEXTS[action];
  const timeLimitFailure = target?.account.breach?.rule === 'time_limit';
  const needsDays = action === 'extend' || (action === 'reinstate' && timeLimitFailure);

  const close = () => {
    setReason('');
    setDays('');
    onClose();
  };
  const submit = async () => {
    if (!target) return;
    try {
      await override.mutateAsync({
        action,
        accountId: target.account.id,
        reason: reason.trim(),
        days: days === '' ? undefined : days,
      });
      toastSuccess(t(texts.done, { login: target.account.login }));
      close();
    } catch (error) {
      const refusal = overrideRefusalOf(action, error);
      toastError(refusal ? t(refusal) : tError(error, 'USER_ACCOUNTS.FAILED'));
    }
  };

  return (
    <Modal
      opened={target !== null}
      onClose={override.isPending ? () => {} : close}
      title={
        <Text component="span" fw={700} size="lg">
          {t(texts.title, { login: target?.account.login ?? '' })}
        </Text>
      }
      centered
      closeButtonProps={{ 'aria-label': t('COMMON.CLOSE') }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        data-testid="override-form"
      >
        <Stack gap="md">
          <Text size="sm">{t(texts.text)}</Text>
          {needsDays && (
            <NumberInput
              label={t('USER_ACCOUNTS.DAYS')}
              required
              min={1}
              max={365}
              allowDecimal={false}
              value={days}
              onChange={(v) => setDays(typeof v === 'number' ? v : '')}
              data-testid="override-days"
            />
          )}
          <Textarea
            label={t('USER_ACCOUNTS.REASON')}
            description={t('USER_ACCOUNTS.REASON_HINT')}
            required
            maxLength={500}
            autosize
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-autofocus
            data-testid="override-reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={override.isPending}>
              {t('COMMON.CANCEL')}
            </Button>
            <Button
              type="submit"
              color={isDestructive(action) ? 'red' : undefined}
              loading={override.isPending}
              disabled={reason.trim() === '' || (needsDays && days === '')}
              data-testid="override-confirm"
            >
              {t(texts.confirm)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
