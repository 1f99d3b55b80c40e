import { NativeSelect, NumberInput, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useT } from '../../../i18n/use-t';
import type { ChallengeField, ChallengeForm, FieldError, FieldPath, NumberField } from '../model/challenge-form';

const asNumber = (v: unknown): NumberField => (typeof v === 'number' ? v : '');

/** The challenge's own terms: what it is called, costs and gives. */
export function ChallengeFields({
  form,
  errors,
  readOnly,
  onChange,
}: {
  form: ChallengeForm;
  errors: Partial<Record<FieldPath, FieldError>>;
  readOnly: boolean;
  onChange: (patch: Partial<ChallengeForm>) => void;
}) {
  const { t } = useT();
  const err = (field: ChallengeField) => {
    const e = errors[field];
    return e ? t(e.id, e.values) : undefined;
  };
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('CHALLENGES.FIELD.NAME')}
          required
          maxLength={100}
          value={form.name}
          readOnly={readOnly}
          onChange={(e) => onChange({ name: e.currentTarget.value })}
          error={err('name')}
          data-testid="challenge-name"
        />
        <TextInput
          label={t('CHALLENGES.FIELD.SLUG')}
          description={t('CHALLENGES.FIELD.SLUG_HINT')}
          required
          maxLength={60}
          value={form.slug}
          readOnly={readOnly}
          onChange={(e) => onChange({ slug: e.currentTarget.value })}
          error={err('slug')}
          data-testid="challenge-slug"
        />
      </SimpleGrid>
      <Textarea
        label={t('CHALLENGES.FIELD.DESCRIPTION')}
        autosize
        minRows={2}
        maxLength={2000}
        value={form.description}
        readOnly={readOnly}
        onChange={(e) => onChange({ description: e.currentTarget.value })}
        error={err('description')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        <NumberInput
          clampBehavior="none"
          label={t('CHALLENGES.FIELD.ACCOUNT_SIZE')}
          required
          min={1}
          decimalScale={2}
          thousandSeparator
          value={form.accountSize}
          readOnly={readOnly}
          onChange={(v) => onChange({ accountSize: asNumber(v) })}
          error={err('accountSize')}
          data-testid="challenge-size"
        />
        <NumberInput
          clampBehavior="none"
          label={t('CHALLENGES.FIELD.PRICE')}
          required
          min={0}
          decimalScale={2}
          thousandSeparator
          value={form.price}
          readOnly={readOnly}
          onChange={(v) => onChange({ price: asNumber(v) })}
          error={err('price')}
          data-testid="challenge-price"
        />
        <TextInput
          label={t('CHALLENGES.FIELD.CURRENCY')}
          required
          maxLength={3}
          value={form.currency}
          readOnly={readOnly}
          onChange={(e) => onChange({ currency: e.currentTarget.value.toUpperCase() })}
          error={err('currency')}
        />
        <NumberInput
          clampBehavior="none"
          label={t('CHALLENGES.FIELD.LEVERAGE')}
          min={1}
          max={1000}
          allowDecimal={false}
          prefix="1:"
          value={form.leverage}
          readOnly={readOnly}
          onChange={(v) => onChange({ leverage: asNumber(v) })}
          error={err('leverage')}
        />
        <TextInput
          label={t('CHALLENGES.FIELD.PLATFORM')}
          maxLength={40}
          value={form.platform}
          readOnly={readOnly}
          onChange={(e) => onChange({ platform: e.currentTarget.value })}
          error={err('platform')}
        />
        <NativeSelect
          label={t('CHALLENGES.LIST.STATUS')}
          value={form.status}
          disabled={readOnly}
          onChange={(e) => onChange({ status: e.currentTarget.value === 'archived' ? 'archived' : 'active' })}
          data={[
            { value: 'active', label: t('CHALLENGES.STATUS.ACTIVE') },
            { value: 'archived', label: t('CHALLENGES.STATUS.ARCHIVED') },
          ]}
        />
      </SimpleGrid>
    </Stack>
  );
}
