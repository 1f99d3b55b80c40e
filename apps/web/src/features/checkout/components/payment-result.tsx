import type { Order } from '@app/contracts/commerce';
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockHour4, IconConfetti } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PaymentInstructionsCard } from '../../../components/commerce/payment-instructions';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';

/** After "Pay": the new account on its way, or how to pay a bank transfer. */
export function PaymentResult({ order }: { order: Order }) {
  const { t } = useT();
  const format = useFormat();
  const paid = order.status === 'paid';
  return (
    <Paper
      withBorder
      p={{ base: 'lg', md: 40 }}
      maw={720}
      mx="auto"
      style={{ background: 'var(--app-surface)', borderColor: 'var(--app-border)' }}
      data-testid={paid ? 'checkout-success' : 'checkout-pending'}
    >
      <Stack gap="md" align="stretch">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={44} radius="xl" variant="light" color={paid ? 'teal' : 'yellow'}>
            {paid ? <IconConfetti size={26} aria-hidden /> : <IconClockHour4 size={26} aria-hidden />}
          </ThemeIcon>
          <div>
            <Title order={2} fz={22} role="status">
              {t(paid ? 'CHECKOUT.RESULT.PAID_TITLE' : 'CHECKOUT.RESULT.PENDING_TITLE')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('CHECKOUT.RESULT.ORDER', {
                number: order.number,
                total: format.money(order.totalCents, order.currency),
              })}
            </Text>
          </div>
        </Group>
        {paid ? (
          <>
            <Text>{t('CHECKOUT.RESULT.PAID_TEXT', { challenge: order.challengeName })}</Text>
            <Group>
              <Button component={Link} to="/accounts" data-testid="go-accounts">
                {t('CHECKOUT.RESULT.TO_ACCOUNTS')}
              </Button>
              <Button component={Link} to="/billing" variant="default">
                {t('CHECKOUT.RESULT.TO_BILLING')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text>{t('CHECKOUT.RESULT.PENDING_TEXT')}</Text>
            {order.paymentInstructions && <PaymentInstructionsCard instructions={order.paymentInstructions} />}
            <Group>
              <Button component={Link} to="/billing" data-testid="go-billing">
                {t('CHECKOUT.RESULT.SEE_BILLING')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
