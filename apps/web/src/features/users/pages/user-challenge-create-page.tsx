import { IconUserPlus } from '@tabler/icons-react';
import { FramePage } from '../../../layout/frame-page';

export default function Page() {
  return (
    <FramePage
      titleId="USERS.CHALLENGE_CREATE"
      parents={[{ labelId: 'MENU.USERS', to: '/users' }]}
      icon={<IconUserPlus size={28} aria-hidden />}
      emptyTitleId="USERS.CHALLENGE_CREATE.EMPTY.TITLE"
      emptyTextId="USERS.CHALLENGE_CREATE.EMPTY.TEXT"
    />
  );
}
