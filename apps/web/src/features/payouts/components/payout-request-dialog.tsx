import { CRYPTO_NETWORKS, PAYOUT_METHODS, type AccountEligibility, type PayoutRequest } from '@app/contracts/payouts';
import {
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../../i18n/use-t';
import type { MessageId } from '../../../i18n/messages';
import { useFormat } from '../../../lib/format/use-format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useRequestPayout } from '../api/request-payout';
import {
  centsToAmount,
  EMPTY_PAYOUT_FORM,
  grossOf,
  toPayoutRequest,
  type PayoutFormField,
  type PayoutFormState,
} from '../model/payout-form';

export const METHOD_LABELS: Record<(typeof PAYOUT_METHODS)[number], MessageId> = {
  bank_transfer: 'PAYOUT.METHOD.BANK_TRANSFER',
  crypto: 'PAYOUT.METHOD.CRYPTO',
  paypal: 'PAYOUT.METHOD.PAYPAL',
};
const NETWORK_LABELS: Record<(typeof CRYPTO_NETWORKS)[number], string> = {
  bitcoin: 'Bitcoin (BTC)',
  ethereum: 'Ethereum (ERC-20)',
  tron: 'Tron (TRC-20)',
};

/**
 * The request in two steps: the amount and where to send it (checked as the server checks it),
 * then what it means (gross profit, split, amount received, the firm's usual turnaround) to confirm.
 */
export function PayoutRequestDialog({
  eligibility: e,
  turnaroundHours,
  onClose,
}: {
  eligibility: AccountEligibility | null;
  turnaroundHours: number | null;
  onClose: () => void;
}) {
  const { t, tError } = useT();
  const format = useFormat();
  const request = useRequestPayout();
  const [form, setForm] = useState<PayoutFormState>(EMPTY_PAYOUT_FORM);
  const [errors, setErrors] = useState<Partial<Record<PayoutFormField, MessageId>>>({});
  const [review, setReview] = useState<PayoutRequest | null>(null);
  const set = <K extends PayoutFormField>(key: K, value: PayoutFormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((x) => ({ ...x, [key]: undefined }));
  };
  const close = () => {
    setForm(EMPTY_PAYOUT_FORM);
    setErrors({});
    setReview(null);
    request.reset();
    onClose();
  };
  if (!e) return null;
  const money = (c: number) => format.money(c, e.currency);
  const { decimal } = format.separators();
  const err = (f: PayoutFormField) =>
    errors[f] ? t(errors[f], { available: money(e.availableCents), minimum: money(e.minimumCents) }) : undefined;

  const next = () => {
    const checked = toPayoutRequest(form, e);
    if (!checked.ok) return setErrors(checked.errors);
    setReview(checked.request);
  };
  const confirm = async () => {
    if (!review) return;
    try {
      await request.mutateAsync(review);
      toastSuccess(t('PAYOUT.FORM.SUCCESS', { amount: money(review.amountCents) }));
      close();
    } catch (error) {
      toastError(tError(error, 'PAYOUT.FORM.FAILED'));
    }
  };

  const gross = review ? grossOf(review.amountCents, e.splitBps, e.profitCents) : 0;
  return (
    <Modal
      opened
      onClose={request.isPending ? () => {} : close}
      title={<Text fw={700}>{t(review ? 'PAYOUT.REVIEW.TITLE' : 'PAYOUT.FORM.TITLE', { login: e.login })}</Text>}
      centered
      closeButtonProps={{ 'aria-label': t('COMMON.CLOSE') }}
    >
      {!review ? (
        <Stack gap="sm" data-testid="payout-form">
          <NumberInput
            label={t('PAYOUT.FORM.AMOUNT', { currency: e.currency })}
            description={t('PAYOUT.FORM.AMOUNT_HINT', {
              available: money(e.availableCents),
              minimum: money(e.minimumCents),
            })}
            value={form.amount}
            // Mantine gives the typed text ("55.") until it is a complete number: keep it as text.
            onChange={(v) => set('amount', String(v))}
            // Cents after the language's mark, or a point (a numpad's key); an English comma is not a decimal mark.
            decimalSeparator={decimal}
            allowedDecimalSeparators={[decimal, '.']}
            decimalScale={2}
            min={0}
            error={err('amount')}
            data-testid="payout-amount"
          />
          <Button
            variant="subtle"
            size="compact-sm"
            w="fit-content"
            onClick={() => set('amount', centsToAmount(e.availableCents))}
          >
            {t('PAYOUT.FORM.ALL')}
          </Button>
          <Text size="sm" fw={500} id="payout-method-label">
            {t('PAYOUT.FORM.METHOD')}
          </Text>
          <SegmentedControl
            aria-labelledby="payout-method-label"
            value={form.method}
            onChange={(v) => set('method', PAYOUT_METHODS.find((m) => m === v) ?? 'bank_transfer')}
            data={PAYOUT_METHODS.map((m) => ({ value: m, label: t(METHOD_LABELS[m]) }))}
            fullWidth
            data-testid="payout-method"
          />
          {form.method === 'bank_transfer' && (
            <>
              <TextInput
                label={t('PAYOUT.FORM.HOLDER')}
                value={form.accountHolder}
                onChange={(ev) => set('accountHolder', ev.currentTarget.value)}
                error={err('accountHolder')}
                autoComplete="name"
              />
              <TextInput
                label="IBAN"
                value={form.iban}
                onChange={(ev) => set('iban', ev.currentTarget.value)}
                error={err('iban')}
                data-testid="payout-iban"
              />
              <TextInput
                label="BIC"
                value={form.bic}
                onChange={(ev) => set('bic', ev.currentTarget.value)}
                error={err('bic')}
                data-testid="payout-bic"
              />
            </>
          )}
          {form.method === 'crypto' && (
            <>
              <NativeSelect
                label={t('PAYOUT.FORM.NETWORK')}
                value={form.network}
                onChange={(ev) =>
                  set('network', CRYPTO_NETWORKS.find((n) => n === ev.currentTarget.value) ?? 'ethereum')
                }
                data={CRYPTO_NETWORKS.map((n) => ({ value: n, label: NETWORK_LABELS[n] }))}
              />
              <TextInput
                label={t('PAYOUT.FORM.ADDRESS')}
                value={form.address}
                onChange={(ev) => set('address', ev.currentTarget.value)}
                error={err('address')}
                data-testid="payout-address"
              />
            </>
          )}
          {form.method === 'paypal' && (
            <TextInput
              label={t('PAYOUT.FORM.EMAIL')}
              type="email"
              value={form.email}
              onChange={(ev) => set('email', ev.currentTarget.value)}
              error={err('email')}
              autoComplete="email"
            />
          )}
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={close}>
              {t('COMMON.CANCEL')}
            </Button>
            <Button onClick={next} data-testid="payout-next">
              {t('PAYOUT.FORM.NEXT')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm" data-testid="payout-review">
          <Table variant="vertical" withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th>{t('PAYOUT.REVIEW.GROSS')}</Table.Th>
                <Table.Td data-testid="payout-review-gross">{money(gross)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('PAYOUT.FIG.SPLIT')}</Table.Th>
                <Table.Td>{format.percentBps(e.splitBps)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('PAYOUT.FIG.FIRM_SHARE')}</Table.Th>
                <Table.Td>{money(gross - review.amountCents)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('PAYOUT.REVIEW.RECEIVE')}</Table.Th>
                <Table.Td fw={700} data-testid="payout-review-amount">
                  {money(review.amountCents)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('PAYOUT.FORM.METHOD')}</Table.Th>
                <Table.Td>{t(METHOD_LABELS[review.destination.method])}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text size="sm" c="dimmed" data-testid="payout-turnaround">
            {turnaroundHours === null
              ? t('PAYOUT.TURNAROUND.NONE')
              : turnaroundHours < 48
                ? t('PAYOUT.TURNAROUND.HOURS', { hours: format.number(turnaroundHours) })
                : t('PAYOUT.TURNAROUND.DAYS', { days: format.number(Math.round((turnaroundHours / 24) * 10) / 10) })}
          </Text>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => setReview(null)} disabled={request.isPending}>
              {t('PAYOUT.REVIEW.BACK')}
            </Button>
            <Button onClick={() => void confirm()} loading={request.isPending} data-testid="payout-confirm">
              {t('PAYOUT.REVIEW.CONFIRM')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
