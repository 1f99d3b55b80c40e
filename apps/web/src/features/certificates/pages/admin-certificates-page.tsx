import { IconAward } from '@tabler/icons-react';
import { FramePage } from '../../../layout/frame-page';

export default function Page() {
  return (
    <FramePage
      titleId="MENU.CERTIFICATES"
      icon={<IconAward size={28} aria-hidden />}
      emptyTitleId="CERTIFICATES.ADMIN.EMPTY.TITLE"
      emptyTextId="CERTIFICATES.ADMIN.EMPTY.TEXT"
    />
  );
}
