import { DISCOUNT_KINDS } from '@app/contracts/commerce';
import {
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../../i18n/use-t';
import type { MessageId } from '../../../i18n/messages';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCreateDiscountCode } from '../api/create-discount-code';
import { useChallengeOptions } from '../api/list-challenges';
import {
  EMPTY_DISCOUNT_FORM,
  toDiscountInput,
  type DiscountFormField,
  type DiscountFormState,
} from '../model/discount-form';

/** New discount code (ADMIN): checked as the server checks it before it is sent. */
export function DiscountCodeForm({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, tError } = useT();
  const create = useCreateDiscountCode();
  const challenges = useChallengeOptions();
  const [form, setForm] = useState<DiscountFormState>(EMPTY_DISCOUNT_FORM);
  const [errors, setErrors] = useState<Partial<Record<DiscountFormField, MessageId>>>({});
  const set = <K extends DiscountFormField>(key: K, value: DiscountFormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const err = (field: DiscountFormField) => (errors[field] ? t(errors[field]) : undefined);

  const close = () => {
    onClose();
    setForm(EMPTY_DISCOUNT_FORM);
    setErrors({});
    create.reset();
  };
  const submit = async () => {
    const checked = toDiscountInput(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    try {
      const { discountCode } = await create.mutateAsync(checked.input);
      toastSuccess(t('DISCOUNTS.FORM.SUCCESS', { code: discountCode.code }));
      close();
    } catch (error) {
      toastError(tError(error, 'DISCOUNTS.FORM.FAILED'));
    }
  };
  const number = (v: string | number) => (typeof v === 'number' ? v : '');

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        <Text component="span" fw={700} size="lg">
          {t('DISCOUNTS.CREATE.TITLE')}
        </Text>
      }
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('COMMON.CLOSE') }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        data-testid="discount-form"
      >
        <Stack gap="md">
          <TextInput
            label={t('DISCOUNTS.FORM.CODE')}
            description={t('DISCOUNTS.FORM.CODE_HINT')}
            required
            maxLength={40}
            value={form.code}
            onChange={(e) => set('code', e.currentTarget.value.toUpperCase())}
            error={err('code')}
            data-autofocus
          />
          <div>
            <Text size="sm" fw={500} mb={4} id="discount-kind-label">
              {t('DISCOUNTS.FORM.KIND')}
            </Text>
            <SegmentedControl
              aria-labelledby="discount-kind-label"
              value={form.kind}
              onChange={(v) => set('kind', v === 'fixed' ? 'fixed' : 'percent')}
              data={DISCOUNT_KINDS.map((k) => ({
                value: k,
                label: t(k === 'percent' ? 'DISCOUNTS.KIND.PERCENT' : 'DISCOUNTS.KIND.FIXED'),
              }))}
            />
          </div>
          {form.kind === 'percent' ? (
            <NumberInput
              label={t('DISCOUNTS.FORM.PERCENT')}
              required
              min={0.01}
              max={100}
              decimalScale={2}
              suffix=" %"
              value={form.percent}
              onChange={(v) => set('percent', number(v))}
              error={err('percent')}
            />
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <NumberInput
                label={t('DISCOUNTS.FORM.AMOUNT')}
                required
                min={0.01}
                decimalScale={2}
                value={form.amount}
                onChange={(v) => set('amount', number(v))}
                error={err('amount')}
              />
              <TextInput
                label={t('DISCOUNTS.FORM.CURRENCY')}
                required
                maxLength={3}
                value={form.currency}
                onChange={(e) => set('currency', e.currentTarget.value.toUpperCase())}
                error={err('currency')}
              />
            </SimpleGrid>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              type="datetime-local"
              label={t('DISCOUNTS.FORM.VALID_FROM')}
              value={form.validFrom}
              onChange={(e) => set('validFrom', e.currentTarget.value)}
              error={err('validFrom')}
            />
            <TextInput
              type="datetime-local"
              label={t('DISCOUNTS.FORM.VALID_UNTIL')}
              value={form.validUntil}
              onChange={(e) => set('validUntil', e.currentTarget.value)}
              error={err('validUntil')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NumberInput
              label={t('DISCOUNTS.FORM.MAX_USES')}
              description={t('DISCOUNTS.FORM.MAX_USES_HINT')}
              min={1}
              allowDecimal={false}
              value={form.maxUses}
              onChange={(v) => set('maxUses', number(v))}
              error={err('maxUses')}
            />
            <NativeSelect
              label={t('DISCOUNTS.FORM.CHALLENGE')}
              value={form.challengeId}
              onChange={(e) => set('challengeId', e.currentTarget.value)}
              error={err('challengeId')}
              data={[
                { value: '', label: t('DISCOUNTS.FORM.EVERY_CHALLENGE') },
                ...(challenges.data?.challenges ?? []).map((c) => ({ value: c.id, label: c.name })),
              ]}
            />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('COMMON.CANCEL')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="discount-submit">
              {t('DISCOUNTS.FORM.SUBMIT')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
