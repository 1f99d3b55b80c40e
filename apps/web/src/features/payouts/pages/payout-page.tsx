import { IconWallet } from '@tabler/icons-react';
import { FramePage } from '../../../layout/frame-page';

export default function Page() {
  return (
    <FramePage
      titleId="MENU.PAYOUT"
      icon={<IconWallet size={28} aria-hidden />}
      emptyTitleId="PAYOUT.EMPTY.TITLE"
      emptyTextId="PAYOUT.EMPTY.TEXT"
    />
  );
}
