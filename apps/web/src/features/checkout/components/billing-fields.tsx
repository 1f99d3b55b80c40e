import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { fieldErrorId, type BillingField, type CheckoutFormValues } from '../model/checkout-form';
import { countryOptions } from '../model/country-options';

/** The buyer's billing details, printed on the invoice as given here. */
export function BillingFields({ form }: { form: UseFormReturn<CheckoutFormValues> }) {
  const { t } = useT();
  const { locale } = useFormat();
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const { register, formState } = form;
  const error = (field: BillingField) => {
    const refused = formState.errors.billing?.[field];
    return refused ? t(fieldErrorId(field, refused.message)) : undefined;
  };

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('CHECKOUT.FIELD.NAME')}
          autoComplete="name"
          required
          maxLength={120}
          error={error('name')}
          {...register('billing.name')}
        />
        <TextInput
          label={t('CHECKOUT.FIELD.EMAIL')}
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          error={error('email')}
          {...register('billing.email')}
        />
      </SimpleGrid>
      <TextInput
        label={t('CHECKOUT.FIELD.ADDRESS_1')}
        autoComplete="address-line1"
        required
        maxLength={200}
        error={error('addressLine1')}
        {...register('billing.addressLine1')}
      />
      <TextInput
        label={t('CHECKOUT.FIELD.ADDRESS_2')}
        autoComplete="address-line2"
        maxLength={200}
        error={error('addressLine2')}
        {...register('billing.addressLine2')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label={t('CHECKOUT.FIELD.POSTAL_CODE')}
          autoComplete="postal-code"
          required
          maxLength={20}
          error={error('postalCode')}
          {...register('billing.postalCode')}
        />
        <TextInput
          label={t('CHECKOUT.FIELD.CITY')}
          autoComplete="address-level2"
          required
          maxLength={100}
          error={error('city')}
          {...register('billing.city')}
        />
        <NativeSelect
          label={t('CHECKOUT.FIELD.COUNTRY')}
          autoComplete="country"
          required
          error={error('country')}
          data={[{ value: '', label: t('CHECKOUT.FIELD.COUNTRY_CHOOSE') }, ...countries]}
          {...register('billing.country')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('CHECKOUT.FIELD.COMPANY')}
          description={t('CHECKOUT.FIELD.OPTIONAL')}
          autoComplete="organization"
          maxLength={200}
          error={error('company')}
          {...register('billing.company')}
        />
        <TextInput
          label={t('CHECKOUT.FIELD.VAT_ID')}
          description={t('CHECKOUT.FIELD.VAT_ID_HINT')}
          maxLength={20}
          error={error('vatId')}
          {...register('billing.vatId')}
        />
      </SimpleGrid>
    </Stack>
  );
}
