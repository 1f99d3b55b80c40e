import type { AccountOverview } from '@app/contracts/trading';
import { Alert, List, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertOctagon, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { parseAmountCents } from '../model/amount';
import { whatIf } from '../model/limits';
import { useRuleLabel } from './labels';

/** "If I lose X more": which limit would break, from the same levels the engine uses. */
export function WhatIf({ overview: o }: { overview: AccountOverview }) {
  const { t } = useT();
  const format = useFormat();
  const ruleLabel = useRuleLabel();
  const [value, setValue] = useState('');
  const cur = o.currency;
  const cents = value.trim() === '' ? null : parseAmountCents(value, format.separators());
  const loss = cents !== null && cents > 0 ? cents : null;
  const result = loss === null ? null : whatIf(o, loss);
  const safe = Math.max(0, Math.min(o.limits.dailyLoss.roomCents, o.limits.maxLoss.roomCents));

  const line = (label: string, leftAfter: number, breaks: boolean, level: number) =>
    breaks
      ? t('ACCOUNTS.WHAT_IF.BREAKS', { rule: label, level: format.money(level, cur) })
      : t('ACCOUNTS.WHAT_IF.HOLDS', { rule: label, amount: format.money(leftAfter, cur) });

  return (
    <Stack gap="sm" data-testid="what-if">
      <TextInput
        label={t('ACCOUNTS.WHAT_IF.LABEL', { currency: cur })}
        description={t('ACCOUNTS.WHAT_IF.HINT', { amount: format.money(safe, cur) })}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        error={value.trim() !== '' && cents === null ? t('ACCOUNTS.WHAT_IF.INVALID') : undefined}
        inputMode="decimal"
        autoComplete="off"
        maxLength={20}
        data-testid="what-if-input"
      />
      {result && (
        <Alert
          variant="light"
          color={result.breaks ? 'red' : 'teal'}
          icon={result.breaks ? <IconAlertOctagon size={18} aria-hidden /> : <IconShieldCheck size={18} aria-hidden />}
          title={
            result.breaks ? t('ACCOUNTS.WHAT_IF.FAILS', { rule: ruleLabel(result.breaks) }) : t('ACCOUNTS.WHAT_IF.SAFE')
          }
          // The light variant tints text with the alert's colour; on its own tint in dark that fails contrast.
          styles={{ title: { color: 'var(--mantine-color-text)' }, message: { color: 'var(--mantine-color-text)' } }}
          aria-live="polite"
          data-testid="what-if-result"
          data-breaks={result.breaks ?? 'none'}
        >
          <Text size="sm">{t('ACCOUNTS.WHAT_IF.EQUITY', { amount: format.money(result.equityAfterCents, cur) })}</Text>
          <List size="sm" mt={4}>
            <List.Item data-testid="what-if-daily">
              {line(
                ruleLabel('daily_loss'),
                result.daily.leftAfterCents,
                result.daily.breaks,
                o.limits.dailyLoss.levelCents,
              )}
            </List.Item>
            <List.Item data-testid="what-if-max">
              {line(ruleLabel('max_loss'), result.max.leftAfterCents, result.max.breaks, o.limits.maxLoss.levelCents)}
            </List.Item>
          </List>
        </Alert>
      )}
    </Stack>
  );
}
