import { IconChartCandle } from '@tabler/icons-react';
import { FramePage } from '../../../layout/frame-page';

export default function Page() {
  return (
    <FramePage
      titleId="USERS.TRADING_ACCOUNTS"
      parents={[{ labelId: 'MENU.USERS', to: '/users' }]}
      icon={<IconChartCandle size={28} aria-hidden />}
      emptyTitleId="USERS.TRADING_ACCOUNTS.EMPTY.TITLE"
      emptyTextId="USERS.TRADING_ACCOUNTS.EMPTY.TEXT"
    />
  );
}
