import { IconReportMoney } from '@tabler/icons-react';
import { FramePage } from '../../../layout/frame-page';
import { useAccountId } from '../../../layout/use-account-id';

export default function AccountOverviewPage() {
  const accountId = useAccountId();
  return (
    <FramePage
      titleId="MENU.ACCOUNT_OVERVIEW"
      parents={[{ labelId: 'MENU.ACCOUNTS', to: '/accounts' }]}
      icon={<IconReportMoney size={28} aria-hidden />}
      emptyTitleId={accountId ? 'OVERVIEW.ACCOUNT.TITLE' : 'OVERVIEW.NO_ACCOUNT.TITLE'}
      emptyTextId={accountId ? 'OVERVIEW.ACCOUNT.TEXT' : 'OVERVIEW.NO_ACCOUNT.TEXT'}
    />
  );
}
