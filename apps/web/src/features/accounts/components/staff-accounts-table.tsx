import { Anchor, Badge, Button, Menu, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { IconChevronDown } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t';
import type { MessageId } from '../../../i18n/messages';
import { useFormat } from '../../../lib/format/use-format';
import type { OverrideAction, TradingAccount } from '../api/staff-accounts';
import { isDestructive, OVERRIDE_LABEL, overridesFor } from '../model/overrides';

const STATUS: Record<TradingAccount['status'], { id: MessageId; color: string }> = {
  pending: { id: 'ACCOUNTS.STATUS.PENDING', color: 'gray' },
  active: { id: 'ACCOUNTS.STATUS.ACTIVE', color: 'blue' },
  passed: { id: 'ACCOUNTS.STATUS.PASSED', color: 'green' },
  failed: { id: 'ACCOUNTS.STATUS.FAILED', color: 'red' },
  closed: { id: 'ACCOUNTS.STATUS.CLOSED', color: 'gray' },
};

const BREACH_RULE: Record<NonNullable<TradingAccount['breach']>['rule'], MessageId> = {
  daily_loss: 'ACCOUNTS.RULE.DAILY_LOSS',
  max_loss: 'ACCOUNTS.RULE.MAX_LOSS',
  time_limit: 'ACCOUNTS.RULE.TIME_LIMIT',
};

/** A member's accounts with the staff's columns: login, phase, balance, equity, status, breach, dates. */
export function UserAccountsTable({
  accounts,
  canWrite,
  onAction,
}: {
  accounts: TradingAccount[];
  canWrite: boolean;
  onAction: (account: TradingAccount, action: OverrideAction) => void;
}) {
  const { t } = useT();
  const format = useFormat();
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('USERS.TRADING_ACCOUNTS')} data-testid="user-accounts">
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            <Table.Th>{t('USER_ACCOUNTS.COL.ACCOUNT')}</Table.Th>
            <Table.Th>{t('USER_ACCOUNTS.COL.PHASE')}</Table.Th>
            <Table.Th ta="right">{t('USER_ACCOUNTS.COL.BALANCE')}</Table.Th>
            <Table.Th ta="right">{t('USER_ACCOUNTS.COL.EQUITY')}</Table.Th>
            <Table.Th>{t('USER_ACCOUNTS.COL.STATUS')}</Table.Th>
            <Table.Th>{t('USER_ACCOUNTS.COL.LAST_DATA')}</Table.Th>
            <Table.Th>{t('USER_ACCOUNTS.COL.CREATED')}</Table.Th>
            {canWrite && <Table.Th>{t('USER_ACCOUNTS.COL.ACTIONS')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.map((a) => (
            <Table.Tr key={a.id} data-testid={`user-account-${a.login}`}>
              {/* Name and login on a line each, not a word per line: the table scrolls instead. */}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor
                  component={Link}
                  to={`/users/${a.userId}/trading-accounts/${a.id}/view-report`}
                  fw={600}
                  c="var(--app-brand-text)"
                  aria-label={t('USER_ACCOUNTS.OPEN_REPORT', { name: a.challengeName, login: a.login })}
                >
                  {a.challengeName}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {t('USER_ACCOUNTS.LOGIN', { login: a.login, platform: a.platform.toUpperCase() })}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {a.phaseKind === 'funded'
                  ? t('ACCOUNTS.PHASE.FUNDED')
                  : t('ACCOUNTS.PHASE.N_OF', { n: a.phaseIndex + 1, total: a.evaluationPhaseCount })}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {format.money(a.balanceCents, a.currency)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {format.money(a.equityCents, a.currency)}
              </Table.Td>
              <Table.Td>
                <Badge variant="dot" color={STATUS[a.status].color}>
                  {t(STATUS[a.status].id)}
                </Badge>
                {a.replacedById && (
                  <Text size="xs" c="dimmed" mt={2}>
                    {t('USER_ACCOUNTS.REPLACED_BY', {
                      login: accounts.find((b) => b.id === a.replacedById)?.login ?? '—',
                    })}
                  </Text>
                )}
                {a.breach && (
                  <Text size="xs" c="dimmed" mt={2}>
                    {t('USER_ACCOUNTS.BREACH', {
                      rule: t(BREACH_RULE[a.breach.rule]),
                      at: format.dateTime(a.breach.at),
                    })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {a.lastEventAt ? format.dateTime(a.lastEventAt) : '—'}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.date(a.createdAt)}</Table.Td>
              {canWrite && (
                <Table.Td>
                  {overridesFor(a).length > 0 && (
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <Button
                          size="xs"
                          variant="default"
                          rightSection={<IconChevronDown size={14} aria-hidden />}
                          aria-label={t('USER_ACCOUNTS.ACTIONS_FOR', { login: a.login })}
                        >
                          {t('USER_ACCOUNTS.COL.ACTIONS')}
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {overridesFor(a).map((action) => (
                          <Menu.Item
                            key={action}
                            color={isDestructive(action) ? 'red' : undefined}
                            onClick={() => onAction(a, action)}
                          >
                            {t(OVERRIDE_LABEL[action])}
                          </Menu.Item>
                        ))}
                      </Menu.Dropdown>
                    </Menu>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
