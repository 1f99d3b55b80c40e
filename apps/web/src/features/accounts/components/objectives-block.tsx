import type { AccountOverview, AccountStatus } from '@app/contracts/trading';
import { Badge, Box, Table, Text } from '@mantine/core';
import { useT } from '../../../i18n/use-t';
import type { MessageId } from '../../../i18n/messages';
import { useFormat } from '../../../lib/format/use-format';
import { daysUntil } from '../model/account-labels';
import { Block } from './block';
import { useRuleLabel } from './labels';
import { useNow } from './use-now';

type Objective = AccountOverview['objectives'][number];

type ShownStatus = { id: MessageId; color: string };

const IN_PROGRESS: ShownStatus = { id: 'ACCOUNTS.OBJECTIVE.IN_PROGRESS', color: 'blue' };
/** A target (profit, trading days) is passed or failed… */
const TARGET_STATUS: Record<Objective['status'], ShownStatus> = {
  passed: { id: 'ACCOUNTS.OBJECTIVE.PASSED', color: 'teal' },
  in_progress: IN_PROGRESS,
  failed: { id: 'ACCOUNTS.OBJECTIVE.FAILED', color: 'red' },
};
/** …a limit (daily loss, max loss, time) is respected or breached: never "passed" or "reached". */
const LIMIT_STATUS: Record<Objective['status'], ShownStatus> = {
  passed: { id: 'ACCOUNTS.OBJECTIVE.RESPECTED', color: 'teal' },
  in_progress: IN_PROGRESS,
  failed: { id: 'ACCOUNTS.OBJECTIVE.BREACHED', color: 'red' },
};
const NOT_REACHED: ShownStatus = { id: 'ACCOUNTS.OBJECTIVE.NOT_REACHED', color: 'gray' };

const IS_LIMIT: Record<Objective['rule'], boolean> = {
  profit_target: false,
  min_trading_days: false,
  max_daily_loss: true,
  max_loss: true,
  time_limit: true,
};

/**
 * What a rule's status reads, by its kind. Once the account stopped running (passed, failed or
 * closed) nothing is "in progress" any more: a limit it did not breach was respected, a target it
 * did not reach was failed (on a failed account) or not reached.
 */
function objectiveStatus(x: Pick<Objective, 'rule' | 'status'>, account: AccountStatus): ShownStatus {
  const limit = IS_LIMIT[x.rule];
  const running = account === 'active' || account === 'pending';
  if (x.status === 'in_progress' && !running) {
    if (limit) return LIMIT_STATUS.passed;
    return account === 'failed' ? TARGET_STATUS.failed : NOT_REACHED;
  }
  return (limit ? LIMIT_STATUS : TARGET_STATUS)[x.status];
}

const LIMIT_PREFIX: Partial<Record<Objective['rule'], MessageId>> = {
  profit_target: 'ACCOUNTS.OBJECTIVE.AT_LEAST',
  min_trading_days: 'ACCOUNTS.OBJECTIVE.AT_LEAST',
  max_daily_loss: 'ACCOUNTS.OBJECTIVE.AT_MOST',
  max_loss: 'ACCOUNTS.OBJECTIVE.AT_MOST',
  time_limit: 'ACCOUNTS.OBJECTIVE.AT_MOST',
};

/** The objectives table (rule, limit, current result, status) and the phase's deadline. */
export function ObjectivesBlock({ overview: o }: { overview: AccountOverview }) {
  const { t } = useT();
  const format = useFormat();
  const ruleLabel = useRuleLabel();
  const now = useNow(60_000);
  // A failed account's breached rule: the loss when it broke, beside today's figure.
  const breach = o.account.breach;
  const lossAtBreach = (x: Objective): number | null => {
    if (!breach) return null;
    if (x.rule === 'max_daily_loss' && breach.rule === 'daily_loss') {
      return (breach.dayStartCents ?? breach.formula?.baseCents ?? breach.equityCents) - breach.equityCents;
    }
    // Measured from where the level stood, as the engine measures it: a trailing level follows the
    // highest end-of-day balance, so the initial balance is not the base.
    if (x.rule === 'max_loss' && breach.rule === 'max_loss') return breach.levelCents + x.limit - breach.equityCents;
    return null;
  };
  const value = (x: Objective, v: number) =>
    x.unit === 'days' ? t('ACCOUNTS.OBJECTIVE.DAYS', { days: v }) : format.money(v, o.currency);

  return (
    <Block title={t('ACCOUNTS.OBJECTIVES.TITLE')} headingId="objectives-title" testId="objectives">
      <Table.ScrollContainer minWidth={0}>
        <Table verticalSpacing="sm" aria-labelledby="objectives-title" data-testid="objectives-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('ACCOUNTS.OBJECTIVES.RULE')}</Table.Th>
              <Table.Th scope="col">{t('ACCOUNTS.OBJECTIVES.LIMIT')}</Table.Th>
              <Table.Th scope="col">{t('ACCOUNTS.OBJECTIVES.CURRENT')}</Table.Th>
              <Table.Th scope="col" visibleFrom="sm">
                {t('ACCOUNTS.OBJECTIVES.STATUS')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {o.objectives.map((x) => {
              const status = objectiveStatus(x, o.account.status);
              const prefix = LIMIT_PREFIX[x.rule];
              const limit = value(x, x.limit);
              return (
                <Table.Tr key={x.rule} data-testid={`objective-${x.rule}`}>
                  <Table.Th scope="row" fw={600}>
                    {ruleLabel(x.rule)}
                    {/* On a phone the status sits under the rule, so no column scrolls out of sight. */}
                    <Box hiddenFrom="sm" mt={4}>
                      <Badge variant="dot" color={status.color} miw="max-content">
                        {t(status.id)}
                      </Badge>
                    </Box>
                  </Table.Th>
                  <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {prefix ? t(prefix, { value: limit }) : limit}
                  </Table.Td>
                  <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="objective-current">
                    {value(x, x.current)}
                    {lossAtBreach(x) !== null && (
                      <Text size="xs" c="var(--acc-down)" fw={600} data-testid="objective-at-breach">
                        {t('ACCOUNTS.OBJECTIVE.AT_BREACH', { amount: format.money(lossAtBreach(x)!, o.currency) })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Badge variant="dot" color={status.color} miw="max-content" data-testid="objective-status">
                      {t(status.id)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {/* A finished account's deadline no longer runs: no countdown, no warning. */}
      {(o.account.status === 'active' || o.account.status === 'pending') && (
        <Text size="sm" mt="md" data-testid="deadline">
          {o.deadlineAt
            ? t('ACCOUNTS.DEADLINE.AT', {
                at: format.dateTime(o.deadlineAt, o.timeZone),
                days: daysUntil(o.deadlineAt, now),
              })
            : t(o.account.phaseKind === 'funded' ? 'ACCOUNTS.DEADLINE.NONE_FUNDED' : 'ACCOUNTS.DEADLINE.NONE')}
        </Text>
      )}
    </Block>
  );
}
