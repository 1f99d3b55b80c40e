import { IconCertificate } from '@tabler/icons-react';
import { FramePage } from '../../../layout/frame-page';

export default function Page() {
  return (
    <FramePage
      titleId="MENU.CERTIFICATES"
      icon={<IconCertificate size={28} aria-hidden />}
      emptyTitleId="CERTIFICATES.EMPTY.TITLE"
      emptyTextId="CERTIFICATES.EMPTY.TEXT"
    />
  );
}
