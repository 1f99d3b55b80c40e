import type { Order } from '@app/contracts/commerce';
import { Stack, Text, Title } from '@mantine/core';
import { PaymentInstructionsCard } from '../../../components/commerce/payment-instructions';
import { useT } from '../../../i18n/use-t';

/** Bank-transfer orders still waiting for the money: how to pay each, above the list. */
export function AwaitingPayment({ orders }: { orders: Order[] }) {
  const { t } = useT();
  const waiting = orders.filter((o) => o.status === 'pending' && o.paymentInstructions);
  if (waiting.length === 0) return null;
  return (
    <Stack gap="md" mb="lg" data-testid="awaiting-payment">
      {waiting.map((o) => (
        <section key={o.id} aria-labelledby={`awaiting-${o.id}`}>
          <Title order={2} fz="md" id={`awaiting-${o.id}`}>
            {t('BILLING.AWAITING.TITLE', { number: o.number, challenge: o.challengeName })}
          </Title>
          <Text size="sm" c="dimmed" mb="xs">
            {t('BILLING.AWAITING.TEXT')}
          </Text>
          <PaymentInstructionsCard instructions={o.paymentInstructions!} />
        </section>
      ))}
    </Stack>
  );
}
