import type { paymentInstructionsSchema } from '@app/contracts/commerce';
import { Code, CopyButton, Group, Paper, SimpleGrid, Stack, Text, Tooltip, ActionIcon } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { z } from 'zod';
import { useT } from '../../i18n/use-t';
import { useFormat } from '../../lib/format/use-format';

export type PaymentInstructions = z.infer<typeof paymentInstructionsSchema>;

function Field({ id, label, value, copy }: { id: string; label: string; value: string; copy?: boolean }) {
  const { t } = useT();
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Group gap={6} wrap="nowrap">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid={`pay-${id}`}>
          {value}
        </Text>
        {copy && (
          <CopyButton value={value}>
            {({ copied, copy: doCopy }) => (
              <Tooltip label={t(copied ? 'BILLING.PAY.COPIED' : 'BILLING.PAY.COPY')} withArrow>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  onClick={doCopy}
                  aria-label={t('BILLING.PAY.COPY_FIELD', { field: label })}
                >
                  {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        )}
      </Group>
    </div>
  );
}

/**
 * How to pay a bank-transfer order: the firm's account and the reference to quote, which is how
 * staff match the incoming payment to the order.
 */
export function PaymentInstructionsCard({ instructions }: { instructions: PaymentInstructions }) {
  const { t } = useT();
  const format = useFormat();
  return (
    <Paper
      withBorder
      p="md"
      style={{ background: 'var(--app-surface)', borderColor: 'var(--app-border)' }}
      data-testid="payment-instructions"
    >
      <Stack gap="sm">
        <Text size="sm">
          {t('BILLING.PAY.TEXT', { amount: format.money(instructions.amountCents, instructions.currency) })}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Field id="beneficiary" label={t('BILLING.PAY.BENEFICIARY')} value={instructions.beneficiary} />
          <Field id="bank" label={t('BILLING.PAY.BANK')} value={instructions.bankName} />
          <Field id="iban" label={t('BILLING.PAY.IBAN')} value={instructions.iban} copy />
          <Field id="bic" label={t('BILLING.PAY.BIC')} value={instructions.bic} copy />
          <Field
            id="amount"
            label={t('BILLING.PAY.AMOUNT')}
            value={format.money(instructions.amountCents, instructions.currency)}
          />
          <Field id="reference" label={t('BILLING.PAY.REFERENCE')} value={instructions.reference} copy />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t('BILLING.PAY.NOTE')} <Code>{instructions.reference}</Code>
        </Text>
      </Stack>
    </Paper>
  );
}
