import { IconUsers } from '@tabler/icons-react';
import { FramePage } from '../../../layout/frame-page';

export default function Page() {
  return (
    <FramePage
      titleId="MENU.USERS"
      icon={<IconUsers size={28} aria-hidden />}
      emptyTitleId="USERS.EMPTY.TITLE"
      emptyTextId="USERS.EMPTY.TEXT"
    />
  );
}
