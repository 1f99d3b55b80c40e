import { IconTrophy } from '@tabler/icons-react';
import { FramePage } from '../../../layout/frame-page';

export default function Page() {
  return (
    <FramePage
      titleId="MENU.CHALLENGES"
      icon={<IconTrophy size={28} aria-hidden />}
      emptyTitleId="CHALLENGES.EMPTY.TITLE"
      emptyTextId="CHALLENGES.EMPTY.TEXT"
    />
  );
}
