import type { TradingAccount } from '@app/contracts/trading';
import { Button, Paper } from '@mantine/core';
import { IconListDetails, IconReportMoney } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyPanel } from '../../../components/empty-panel';
import { useT } from '../../../i18n/use-t';
import type { MessageId } from '../../../i18n/messages';
import { PageFrame } from '../../../layout/page-frame';
import { BlockError, BlockSkeleton } from './block';
import { useSelectedAccount } from './use-selected-account';
import classes from './accounts.module.css';

/**
 * The frame of the two overview screens: the stored account's page, or what to do when no account
 * is stored (or the stored one is not among the member's).
 */
export function SelectedAccountPage({
  titleId,
  children,
}: {
  titleId: MessageId;
  children: (account: TradingAccount) => ReactNode;
}) {
  const { t } = useT();
  const { login, account, list } = useSelectedAccount();
  const frame = (body: ReactNode) => (
    <PageFrame title={t(titleId)} breadcrumbs={[{ label: t('MENU.ACCOUNTS'), to: '/accounts' }, { label: t(titleId) }]}>
      <div className={classes.area}>{body}</div>
    </PageFrame>
  );
  const toAccounts = (
    <Button component={Link} to="/accounts" leftSection={<IconListDetails size={16} aria-hidden />} mt="md">
      {t('ACCOUNTS.SELECT.GO')}
    </Button>
  );

  if (login === null) {
    return frame(
      <EmptyPanel
        icon={<IconReportMoney size={28} aria-hidden />}
        title={t('OVERVIEW.NO_ACCOUNT.TITLE')}
        description={t('OVERVIEW.NO_ACCOUNT.TEXT')}
      >
        {toAccounts}
      </EmptyPanel>,
    );
  }
  if (list.isError && !list.data) {
    return frame(
      <Paper withBorder p="lg" className={classes.card}>
        <BlockError error={list.error} onRetry={() => void list.refetch()} />
      </Paper>,
    );
  }
  if (!list.data) {
    return frame(
      <Paper withBorder p="lg" className={classes.card}>
        <BlockSkeleton lines={6} />
      </Paper>,
    );
  }
  if (!account) {
    return frame(
      <EmptyPanel
        icon={<IconReportMoney size={28} aria-hidden />}
        title={t('ACCOUNTS.SELECT.NOT_FOUND', { login })}
        description={t('ACCOUNTS.SELECT.NOT_FOUND_TEXT')}
      >
        {toAccounts}
      </EmptyPanel>,
    );
  }
  return frame(children(account));
}
