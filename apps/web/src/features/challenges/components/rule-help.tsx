import { Text } from '@mantine/core';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import type { NumberField, PhaseForm } from '../model/challenge-form';
import { eodTrailingExample } from '../model/drawdown-example';

const num = (v: NumberField, fallback: number) => (v === '' ? fallback : v);

/**
 * What the chosen drawdown means, with a worked example in this challenge's own numbers: the
 * question traders ask most, so staff see the answer they will give.
 */
export function DrawdownHelp({
  phase,
  accountSize,
  currency,
}: {
  phase: PhaseForm;
  accountSize: NumberField;
  currency: string;
}) {
  const { t } = useT();
  const format = useFormat();
  const sizeCents = Math.round(num(accountSize, 100_000) * 100);
  const example = eodTrailingExample(sizeCents, num(phase.maxLoss, 10));
  const money = (cents: number) => format.money(cents, currency);
  if (phase.drawdownType === 'static') {
    return (
      <Text size="xs" c="dimmed" data-testid="drawdown-help">
        {t('CHALLENGES.HELP.STATIC', { size: money(sizeCents), floor: money(example.floorCents) })}
      </Text>
    );
  }
  // A good day lifts the floor (up to the initial balance); a losing day leaves it where it was.
  return (
    <Text size="xs" c="dimmed" data-testid="drawdown-help">
      {t('CHALLENGES.HELP.EOD_TRAILING', {
        size: money(sizeCents),
        floor: money(example.floorCents),
        high: money(example.highCents),
        raised: money(example.raisedCents),
      })}
    </Text>
  );
}

/** What the daily limit is measured from, with the example of a day that starts in a floating profit. */
export function DailyBaseHelp({ phase }: { phase: PhaseForm }) {
  const { t } = useT();
  const format = useFormat();
  return (
    <Text size="xs" c="dimmed">
      {t(phase.dailyLossBase === 'balance' ? 'CHALLENGES.HELP.DAILY_BALANCE' : 'CHALLENGES.HELP.DAILY_MAX', {
        pct: format.percentBps(Math.round(num(phase.maxDailyLoss, 5) * 100)),
      })}
    </Text>
  );
}
