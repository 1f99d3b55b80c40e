import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/use-t';
import { useAwaitingOrders } from '../api/awaiting-orders';

/**
 * Over an empty account list: the challenges bought and not yet paid (a bank transfer on its way),
 * so that a member who has paid is not told only to buy one.
 */
export function AwaitingOrdersNotice() {
  const { t } = useT();
  const orders = useAwaitingOrders().data ?? [];
  if (orders.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      mb="lg"
      icon={<IconClockHour4 size={18} aria-hidden />}
      title={t('ACCOUNTS.AWAITING.TITLE')}
      data-testid="awaiting-orders"
    >
      <Stack gap={4}>
        {orders.map((o) => (
          <Text key={o.id} size="sm">
            {t('ACCOUNTS.AWAITING.ORDER', { number: o.number, challenge: o.challengeName })}
          </Text>
        ))}
        <Anchor component={Link} to="/billing" size="sm" fw={600}>
          {t('ACCOUNTS.AWAITING.HOW_TO_PAY')}
        </Anchor>
      </Stack>
    </Alert>
  );
}
