import { IconUserEdit } from '@tabler/icons-react';
import { FramePage } from '../../../layout/frame-page';

export default function Page() {
  return (
    <FramePage
      titleId="USERS.EDIT"
      parents={[{ labelId: 'MENU.USERS', to: '/users' }]}
      icon={<IconUserEdit size={28} aria-hidden />}
      emptyTitleId="USERS.EDIT.EMPTY.TITLE"
      emptyTextId="USERS.EDIT.EMPTY.TEXT"
    />
  );
}
