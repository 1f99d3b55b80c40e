import { IconChartCandle } from '@tabler/icons-react';
import { FramePage } from '../../../layout/frame-page';
import { useAccountId } from '../../../layout/use-account-id';

export default function TradingOverviewPage() {
  const accountId = useAccountId();
  return (
    <FramePage
      titleId="MENU.TRADING_OVERVIEW"
      parents={[{ labelId: 'MENU.ACCOUNTS', to: '/accounts' }]}
      icon={<IconChartCandle size={28} aria-hidden />}
      emptyTitleId={accountId ? 'OVERVIEW.TRADING.TITLE' : 'OVERVIEW.NO_ACCOUNT.TITLE'}
      emptyTextId={accountId ? 'OVERVIEW.TRADING.TEXT' : 'OVERVIEW.NO_ACCOUNT.TEXT'}
    />
  );
}
