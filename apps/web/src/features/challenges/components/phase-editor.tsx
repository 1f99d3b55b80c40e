import {
  ActionIcon,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t';
import type { FieldError, FieldPath, NumberField, PhaseField, PhaseForm } from '../model/challenge-form';
import { DailyBaseHelp, DrawdownHelp } from './rule-help';

export interface PhaseEditorProps {
  phase: PhaseForm;
  index: number;
  /** "Phase 2" counts evaluation phases only. */
  evaluationNumber: number;
  accountSize: NumberField;
  currency: string;
  errors: Partial<Record<FieldPath, FieldError>>;
  readOnly: boolean;
  canMoveUp: boolean;
  canMoveDown: boolean;
  canRemove: boolean;
  onChange: (patch: Partial<PhaseForm>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

const asNumber = (v: unknown): NumberField => (typeof v === 'number' ? v : '');

/** One phase's rules: evaluation phases have a target and days, the funded phase its payouts. */
export function PhaseEditor(props: PhaseEditorProps) {
  const { t } = useT();
  const { phase, index, errors } = props;
  const evaluation = phase.kind === 'evaluation';
  const title = evaluation ? t('CHECKOUT.RULES.PHASE', { n: props.evaluationNumber }) : t('CHECKOUT.RULES.FUNDED');
  const err = (field: PhaseField | 'kind') => {
    const e = errors[`phases.${index}.${field}`];
    return e ? t(e.id, e.values) : undefined;
  };
  const numberField = (field: PhaseField, label: string, extra: Partial<Parameters<typeof NumberInput>[0]> = {}) => (
    <NumberInput
      label={label}
      value={phase[field] as NumberField}
      onChange={(v) => props.onChange({ [field]: asNumber(v) })}
      error={err(field)}
      readOnly={props.readOnly}
      data-testid={`phase-${index}-${field}`}
      // The help under the input, so the inputs of a row stay aligned whatever its length.
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      // Out-of-range values stay as typed and the form's check says why (no silent correction).
      clampBehavior="none"
      {...extra}
    />
  );
  const percent = { suffix: ' %', decimalScale: 2, min: 0, max: 100 };

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      role="group"
      aria-labelledby={`${phase.key}-title`}
      data-testid={`phase-editor-${index}`}
      style={{ borderColor: 'var(--app-border)' }}
    >
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Text fw={700} id={`${phase.key}-title`}>
          {title}
        </Text>
        {!props.readOnly && evaluation && (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('CHALLENGES.PHASES.MOVE_UP')}>
              <ActionIcon
                variant="subtle"
                disabled={!props.canMoveUp}
                onClick={() => props.onMove(-1)}
                aria-label={t('CHALLENGES.PHASES.MOVE_UP_NAMED', { phase: title })}
              >
                <IconArrowUp size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('CHALLENGES.PHASES.MOVE_DOWN')}>
              <ActionIcon
                variant="subtle"
                disabled={!props.canMoveDown}
                onClick={() => props.onMove(1)}
                aria-label={t('CHALLENGES.PHASES.MOVE_DOWN_NAMED', { phase: title })}
              >
                <IconArrowDown size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('CHALLENGES.PHASES.REMOVE')}>
              <ActionIcon
                variant="subtle"
                color="red"
                disabled={!props.canRemove}
                onClick={props.onRemove}
                aria-label={t('CHALLENGES.PHASES.REMOVE_NAMED', { phase: title })}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
      <Stack gap="sm">
        {err('kind') && (
          <Text size="sm" c="red" role="alert">
            {err('kind')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {evaluation &&
            numberField('profitTarget', t('CHALLENGES.FIELD.PROFIT_TARGET'), {
              ...percent,
              required: true,
              description: t('CHALLENGES.FIELD.PROFIT_TARGET_HINT'),
            })}
          {numberField('maxDailyLoss', t('CHALLENGES.FIELD.MAX_DAILY_LOSS'), {
            ...percent,
            required: true,
            description: t('CHALLENGES.FIELD.MAX_DAILY_LOSS_HINT'),
          })}
          {numberField('maxLoss', t('CHALLENGES.FIELD.MAX_LOSS'), {
            ...percent,
            required: true,
            description: t('CHALLENGES.FIELD.MAX_LOSS_HINT'),
          })}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Stack gap={4}>
            <NativeSelect
              label={t('CHALLENGES.FIELD.DRAWDOWN')}
              value={phase.drawdownType}
              disabled={props.readOnly}
              onChange={(e) =>
                props.onChange({ drawdownType: e.currentTarget.value === 'eod_trailing' ? 'eod_trailing' : 'static' })
              }
              data={[
                { value: 'static', label: t('CHALLENGES.DRAWDOWN.STATIC') },
                { value: 'eod_trailing', label: t('CHALLENGES.DRAWDOWN.EOD_TRAILING') },
              ]}
              data-testid={`phase-${index}-drawdownType`}
            />
            <DrawdownHelp phase={phase} accountSize={props.accountSize} currency={props.currency} />
          </Stack>
          <Stack gap={4}>
            <NativeSelect
              label={t('CHALLENGES.FIELD.DAILY_BASE')}
              value={phase.dailyLossBase}
              disabled={props.readOnly}
              onChange={(e) =>
                props.onChange({
                  dailyLossBase: e.currentTarget.value === 'max_balance_equity' ? 'max_balance_equity' : 'balance',
                })
              }
              data={[
                { value: 'balance', label: t('CHALLENGES.DAILY_BASE.BALANCE') },
                { value: 'max_balance_equity', label: t('CHALLENGES.DAILY_BASE.MAX_BALANCE_EQUITY') },
              ]}
            />
            <DailyBaseHelp phase={phase} />
          </Stack>
        </SimpleGrid>
        {evaluation ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {numberField('minTradingDays', t('CHALLENGES.FIELD.MIN_DAYS'), {
              min: 0,
              max: 365,
              allowDecimal: false,
              description: t('CHALLENGES.FIELD.MIN_DAYS_HINT'),
            })}
            {numberField('maxDays', t('CHALLENGES.FIELD.MAX_DAYS'), {
              min: 1,
              max: 3650,
              allowDecimal: false,
              description: t('CHALLENGES.FIELD.MAX_DAYS_HINT'),
            })}
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {numberField('profitSplit', t('CHALLENGES.FIELD.SPLIT'), {
              ...percent,
              description: t('CHALLENGES.FIELD.SPLIT_HINT'),
            })}
            {numberField('minPayout', t('CHALLENGES.FIELD.MIN_PAYOUT', { currency: props.currency }), {
              min: 0,
              decimalScale: 2,
              description: t('CHALLENGES.FIELD.MIN_PAYOUT_HINT'),
            })}
            {numberField('payoutIntervalDays', t('CHALLENGES.FIELD.PAYOUT_INTERVAL'), {
              min: 1,
              max: 365,
              allowDecimal: false,
              description: t('CHALLENGES.FIELD.PAYOUT_INTERVAL_HINT'),
            })}
          </SimpleGrid>
        )}
        {!evaluation && (
          <Stack gap="xs">
            <Switch
              label={t('CHALLENGES.FIELD.RESTRICTED_NEWS')}
              description={t('CHALLENGES.FIELD.RESTRICTED_NEWS_HINT')}
              checked={phase.restrictedNews}
              onChange={(e) => props.onChange({ restrictedNews: e.currentTarget.checked })}
              disabled={props.readOnly}
              data-testid={`phase-${index}-restrictedNews`}
            />
            {phase.restrictedNews && (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {numberField('newsMinutesBefore', t('CHALLENGES.FIELD.NEWS_BEFORE'), {
                  min: 0,
                  max: 120,
                  allowDecimal: false,
                })}
                {numberField('newsMinutesAfter', t('CHALLENGES.FIELD.NEWS_AFTER'), {
                  min: 0,
                  max: 120,
                  allowDecimal: false,
                })}
              </SimpleGrid>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
