import { IconWallet } from '@tabler/icons-react';
import { FramePage } from '../../../layout/frame-page';

export default function Page() {
  return (
    <FramePage
      titleId="PAYOUTS.REQUESTS"
      icon={<IconWallet size={28} aria-hidden />}
      emptyTitleId="PAYOUTS.REQUESTS.EMPTY.TITLE"
      emptyTextId="PAYOUTS.REQUESTS.EMPTY.TEXT"
    />
  );
}
