import type { Challenge } from '@app/contracts/challenges';
import type { Quote } from '@app/contracts/commerce';
import { Divider, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';

function Line({
  label,
  value,
  strong,
  testId,
}: {
  label: ReactNode;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 800 : 500} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/** What the buyer pays, line by line, as the server priced it. */
export function OrderSummary({
  challenge,
  quote,
  children,
}: {
  challenge: Challenge;
  quote: Quote | undefined;
  children?: ReactNode;
}) {
  const { t } = useT();
  const format = useFormat();
  const money = (cents: number) => format.money(cents, quote?.currency ?? challenge.currency);
  return (
    <Paper
      withBorder
      p="lg"
      style={{ background: 'var(--app-surface)', borderColor: 'var(--app-border)' }}
      data-testid="order-summary"
      aria-busy={quote === undefined}
    >
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('CHECKOUT.SUMMARY.TITLE')}
        </Title>
        <div>
          <Text fw={600}>{challenge.name}</Text>
          <Text size="sm" c="dimmed">
            {t('CHECKOUT.CARD.SIZE', { size: format.money(challenge.accountSizeCents, challenge.currency) })}
          </Text>
        </div>
        <Divider />
        {quote ? (
          <>
            <Line label={t('CHECKOUT.SUMMARY.PRICE')} value={money(quote.subtotalCents)} testId="summary-subtotal" />
            {quote.discountCents > 0 && (
              <Line
                label={t('CHECKOUT.SUMMARY.DISCOUNT', { code: quote.discountCode ?? '' })}
                value={`−${money(quote.discountCents)}`}
                testId="summary-discount"
              />
            )}
            <Line label={t('CHECKOUT.SUMMARY.NET')} value={money(quote.netCents)} testId="summary-net" />
            <Line
              label={
                quote.reverseCharge
                  ? t('CHECKOUT.SUMMARY.REVERSE_CHARGE')
                  : t('CHECKOUT.SUMMARY.VAT', { rate: format.percentBps(quote.vatRateBps) })
              }
              value={money(quote.vatCents)}
              testId="summary-vat"
            />
            <Divider />
            <Line label={t('CHECKOUT.SUMMARY.TOTAL')} value={money(quote.totalCents)} strong testId="summary-total" />
          </>
        ) : (
          <Stack gap="xs">
            <Skeleton h={16} />
            <Skeleton h={16} />
            <Skeleton h={24} />
          </Stack>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
