import { IconCreditCard } from '@tabler/icons-react';
import { FramePage } from '../../../layout/frame-page';

export default function Page() {
  return (
    <FramePage
      titleId="MENU.BILLING"
      icon={<IconCreditCard size={28} aria-hidden />}
      emptyTitleId="BILLING.EMPTY.TITLE"
      emptyTextId="BILLING.EMPTY.TEXT"
    />
  );
}
