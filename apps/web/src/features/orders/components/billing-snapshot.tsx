import type { AdminOrder } from '@app/contracts/commerce';
import { Text } from '@mantine/core';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';

/** The buyer's details as frozen on the order (and printed on its invoice). */
export function BillingSnapshot({ billing }: { billing: AdminOrder['billing'] }) {
  const { t } = useT();
  const { locale } = useFormat();
  let country: string = billing.country;
  try {
    country = new Intl.DisplayNames([locale], { type: 'region' }).of(billing.country) ?? billing.country;
  } catch {
    // The code itself is readable enough.
  }
  const lines = [
    billing.company,
    billing.name,
    billing.addressLine1,
    billing.addressLine2,
    `${billing.postalCode} ${billing.city}`.trim(),
    country,
  ].filter(Boolean);
  return (
    <address style={{ fontStyle: 'normal' }} data-testid="order-billing">
      {lines.map((l, i) => (
        <Text size="sm" key={i}>
          {l}
        </Text>
      ))}
      <Text size="sm" c="dimmed">
        {billing.email}
      </Text>
      {billing.vatId && (
        <Text size="sm" c="dimmed">
          {t('ORDERS.DRAWER.VAT_ID', { vatId: billing.vatId })}
        </Text>
      )}
    </address>
  );
}
