import { Button, Paper, Text } from '@mantine/core';
import { IconChartCandle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ListError, ListMessage } from '../../../components/list-table/list-message';
import { ListSkeleton } from '../../../components/list-table/list-skeleton';
import { useT } from '../../../i18n/use-t';
import { PageFrame } from '../../../layout/page-frame';
import { useCurrentUser } from '../../../lib/auth/auth-provider';
import { isAdmin } from '../../../lib/auth/roles';
import { useAccountOwner, useUserAccounts, type OverrideAction, type TradingAccount } from '../api/staff-accounts';
import { AccountOverrideDialog } from '../components/override-dialog';
import { UserAccountsTable } from '../components/staff-accounts-table';

/**
 * /users/{userId}/trading-accounts (staff): the member's accounts with balance, status, breach and
 * last data; ADMIN reinstates, extends, resets or closes one, each with a reason (audit-logged).
 */
export default function UserTradingAccountsPage() {
  const { userId = '' } = useParams();
  const { t } = useT();
  const canWrite = isAdmin(useCurrentUser());
  const query = useUserAccounts(userId);
  const owner = useAccountOwner(userId).data;
  const [target, setTarget] = useState<{ account: TradingAccount; action: OverrideAction } | null>(null);
  const accounts = query.data?.accounts ?? [];
  const assign = canWrite && (
    // The member comes along: the form opens with them chosen.
    <Button
      component={Link}
      to={owner ? `/users/challenge/create?email=${encodeURIComponent(owner.email)}` : '/users/challenge/create'}
    >
      {t('USERS.CHALLENGE_CREATE')}
    </Button>
  );

  return (
    <PageFrame
      title={t('USERS.TRADING_ACCOUNTS')}
      breadcrumbs={[
        { label: t('MENU.USERS'), to: '/users' },
        { label: owner?.name ?? t('USER_ACCOUNTS.USER'), to: `/users/${userId}/edit-user` },
        { label: t('USERS.TRADING_ACCOUNTS') },
      ]}
      actions={assign}
    >
      {owner && (
        <Text fw={600} mb={4} data-testid="user-accounts-owner">
          {owner.name}
          {owner.name !== owner.email && (
            <Text span c="dimmed" fw={400} size="sm">
              {' · '}
              {owner.email}
            </Text>
          )}
        </Text>
      )}
      <Text c="dimmed" size="sm" mb="md" maw={720}>
        {t(canWrite ? 'USER_ACCOUNTS.INTRO' : 'USER_ACCOUNTS.INTRO_READ_ONLY')}
      </Text>
      <Paper withBorder radius="md" style={{ background: 'var(--app-surface)', borderColor: 'var(--app-border)' }}>
        {query.isPending ? (
          <ListSkeleton />
        ) : query.isError ? (
          <ListError error={query.error} onRetry={() => void query.refetch()} testId="user-accounts-error" />
        ) : accounts.length === 0 ? (
          <ListMessage
            icon={<IconChartCandle size={28} aria-hidden />}
            title={t('USERS.TRADING_ACCOUNTS.EMPTY.TITLE')}
            text={t('USERS.TRADING_ACCOUNTS.EMPTY.TEXT')}
            testId="user-accounts-empty"
          >
            {assign}
          </ListMessage>
        ) : (
          <UserAccountsTable
            accounts={accounts}
            canWrite={canWrite}
            onAction={(account, action) => setTarget({ account, action })}
          />
        )}
      </Paper>
      {canWrite && <AccountOverrideDialog target={target} onClose={() => setTarget(null)} />}
    </PageFrame>
  );
}
