import type { AccountOverview } from '@app/contracts/trading';
import { Alert, Button, Code, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertOctagon, IconPrinter } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t';
import type { MessageId } from '../../../i18n/messages';
import { useFormat } from '../../../lib/format/use-format';
import { useBreachReport } from '../api/get-breach-report';
import { breachStory, type BreachBase, type BreachStory } from '../model/breach-story';
import { BlockError, BlockSkeleton } from './block';
import { BreachChart } from './breach-chart';
import { usePhaseLabel, useRuleLabel } from './labels';
import classes from './accounts.module.css';

const BASE_IDS: Record<Exclude<BreachBase, 'target'>, MessageId> = {
  day_start_balance: 'ACCOUNTS.BREACH.BASE.DAY_START_BALANCE',
  day_start_max: 'ACCOUNTS.BREACH.BASE.DAY_START_MAX',
  initial: 'ACCOUNTS.BREACH.BASE.INITIAL',
  highest_eod_balance: 'ACCOUNTS.BREACH.BASE.HIGHEST_EOD',
};

/** The breach in plain words, from the stored figures: "Max daily loss: on … equity was …". */
export function useBreachSentence() {
  const { t } = useT();
  const format = useFormat();
  const ruleLabel = useRuleLabel();
  return (s: BreachStory, currency: string, timeZone: string): string => {
    const amount = (cents: number) => format.amount(cents, currency);
    const common = {
      rule: ruleLabel(s.rule),
      date: format.date(s.at, timeZone),
      time: format.time(s.at, timeZone, { seconds: true }),
      short: amount(Math.max(0, s.shortCents)),
      level: amount(s.levelCents),
    };
    if (s.base === 'target') {
      const balance = format.money(s.balanceCents, currency);
      switch (s.unmet) {
        case 'positions':
          return t('ACCOUNTS.BREACH.SENTENCE_TIME_POSITIONS', {
            ...common,
            balance,
            positions: t('ACCOUNTS.BREACH.POSITIONS', { count: s.openPositions }),
          });
        case 'days':
          return t('ACCOUNTS.BREACH.SENTENCE_TIME_DAYS', {
            ...common,
            balance,
            days: s.tradingDays ?? 0,
            min: s.minTradingDays,
          });
        case 'objectives':
          return t('ACCOUNTS.BREACH.SENTENCE_TIME_OBJECTIVES', { ...common, balance });
        default:
          return t('ACCOUNTS.BREACH.SENTENCE_TIME', { ...common, balance });
      }
    }
    return t('ACCOUNTS.BREACH.SENTENCE', {
      ...common,
      equity: format.money(s.equityCents, currency),
      base: t(BASE_IDS[s.base], { amount: amount(s.baseCents) }),
      positions: t('ACCOUNTS.BREACH.POSITIONS', { count: s.openPositions }),
    });
  };
}

/** The level's formula with the breach's numbers, in the reader's language. */
function useBreachFormula() {
  const { t } = useT();
  const format = useFormat();
  return (s: BreachStory, currency: string): string => {
    const amount = (cents: number) => format.amount(cents, currency);
    const pct = s.limitBps === null ? '' : format.percentBps(s.limitBps);
    const values = { pct, initial: amount(s.initialCents), level: amount(s.levelCents), base: amount(s.baseCents) };
    switch (s.base) {
      case 'target':
        return t(
          s.balanceCents < s.levelCents ? 'ACCOUNTS.BREACH.FORMULA.TARGET' : 'ACCOUNTS.BREACH.FORMULA.TARGET_MET',
          {
            ...values,
            balance: amount(s.balanceCents),
          },
        );
      case 'day_start_balance':
        return `${t('ACCOUNTS.LIMITS.FORMULA.DAILY_BALANCE', values)}; ${t('ACCOUNTS.BREACH.CHECK', { equity: amount(s.equityCents), level: values.level })}`;
      case 'day_start_max':
        return `${t('ACCOUNTS.LIMITS.FORMULA.DAILY_MAX', values)}; ${t('ACCOUNTS.BREACH.CHECK', { equity: amount(s.equityCents), level: values.level })}`;
      case 'highest_eod_balance':
        return `${t('ACCOUNTS.LIMITS.FORMULA.MAX_TRAILING', { ...values, high: values.base })}; ${t('ACCOUNTS.BREACH.CHECK', { equity: amount(s.equityCents), level: values.level })}`;
      case 'initial':
        return `${t('ACCOUNTS.LIMITS.FORMULA.MAX_STATIC', values)}; ${t('ACCOUNTS.BREACH.CHECK', { equity: amount(s.equityCents), level: values.level })}`;
    }
  };
}

/**
 * A failed account's breach report: the sentence, the formula with its numbers (and the engine's
 * own record of it), the figures, and the equity path of the hours before drawn against the level.
 * Prints on its own (print CSS hides the rest of the page).
 */
export function BreachReport({ overview: o }: { overview: AccountOverview }) {
  const { t } = useT();
  const format = useFormat();
  const phaseLabel = usePhaseLabel();
  const sentence = useBreachSentence();
  const formula = useBreachFormula();
  const a = o.account;
  const evidence = useBreachReport(a.id, a.breach !== null);
  const breach = evidence.data?.breach ?? a.breach;
  if (!breach) return null;
  const tz = evidence.data?.timeZone ?? o.timeZone;
  const story = breachStory(breach, a, o.rules);
  // "Your time": the zone the reader chose on their profile, else the browser's.
  const viewerTz = format.displayZone;
  const cur = o.currency;
  const details: { label: string; value: string; testId: string }[] = [
    { label: t('ACCOUNTS.BREACH.DETAIL.TIME'), value: format.dateTimeSeconds(breach.at, tz), testId: 'breach-time' },
    {
      label: t('ACCOUNTS.BREACH.DETAIL.YOUR_TIME'),
      value: format.dateTimeSeconds(breach.at, viewerTz),
      testId: 'breach-local-time',
    },
    {
      label: t('ACCOUNTS.BREACH.DETAIL.EQUITY'),
      value: format.money(breach.equityCents, cur),
      testId: 'breach-equity',
    },
    { label: t('ACCOUNTS.BREACH.DETAIL.LEVEL'), value: format.money(breach.levelCents, cur), testId: 'breach-level' },
    {
      label: t('ACCOUNTS.BREACH.DETAIL.BALANCE'),
      value: format.money(breach.balanceCents, cur),
      testId: 'breach-balance',
    },
    ...(breach.dayStartCents === null
      ? []
      : [
          {
            label: t('ACCOUNTS.BREACH.DETAIL.DAY_START'),
            value: format.money(breach.dayStartCents, cur),
            testId: 'breach-day-start',
          },
        ]),
    {
      label: t('ACCOUNTS.BREACH.DETAIL.POSITIONS'),
      value: format.number(breach.openPositions),
      testId: 'breach-positions',
    },
    { label: t('ACCOUNTS.BREACH.DETAIL.DAY'), value: breach.dayKey, testId: 'breach-day' },
  ];

  return (
    <Paper
      component="section"
      withBorder
      p={{ base: 'md', md: 'lg' }}
      mb="lg"
      className={`${classes.card} ${classes.printable}`}
      aria-labelledby="breach-title"
      data-testid="breach-report"
    >
      <Group justify="space-between" align="flex-start" mb="sm" gap="sm">
        <div>
          <Title order={2} fz="md" id="breach-title">
            {t('ACCOUNTS.BREACH.TITLE')}
          </Title>
          <Text size="sm" c="dimmed">
            {a.challengeName} · {phaseLabel(a)} · {t('ACCOUNTS.CARD.LOGIN', { login: a.login })}
          </Text>
        </div>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPrinter size={14} aria-hidden />}
          onClick={() => window.print()}
          className={classes.noPrint}
          data-testid="breach-print"
        >
          {t('ACCOUNTS.BREACH.PRINT')}
        </Button>
      </Group>
      <Alert
        variant="light"
        color="red"
        icon={<IconAlertOctagon size={18} aria-hidden />}
        styles={{ message: { color: 'var(--mantine-color-text)' } }}
        mb="md"
      >
        <Text size="sm" fw={600} data-testid="breach-sentence">
          {sentence(story, cur, tz)}
        </Text>
      </Alert>
      <Stack gap={4} mb="md">
        <Text size="xs" c="dimmed">
          {t('ACCOUNTS.BREACH.FORMULA_TITLE')}
        </Text>
        <Text className={classes.formula} data-testid="breach-formula">
          {formula(story, cur)}
        </Text>
        {breach.formula && (
          <>
            <Text size="xs" c="dimmed" mt={4}>
              {t('ACCOUNTS.BREACH.RECORDED')}
            </Text>
            <Code block data-testid="breach-recorded" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {breach.formula.text}
            </Code>
          </>
        )}
      </Stack>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" mb="md" component="dl" m={0}>
        {details.map((d) => (
          <div key={d.testId}>
            <Text component="dt" size="xs" c="dimmed">
              {d.label}
            </Text>
            <Text component="dd" m={0} size="sm" fw={600} className={classes.num} data-testid={d.testId}>
              {d.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Title order={3} fz="sm" mt="md" mb="xs">
        {t('ACCOUNTS.BREACH.PATH')}
      </Title>
      {evidence.isError ? (
        <BlockError error={evidence.error} onRetry={() => void evidence.refetch()} />
      ) : evidence.isPending ? (
        <BlockSkeleton lines={3} height={40} />
      ) : evidence.data.equityPath.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('ACCOUNTS.BREACH.NO_PATH')}
        </Text>
      ) : (
        <BreachChart
          points={evidence.data.equityPath}
          levelCents={breach.levelCents}
          breachAt={breach.at}
          breachEquityCents={breach.equityCents}
          currency={cur}
          timeZone={tz}
        />
      )}
    </Paper>
  );
}
