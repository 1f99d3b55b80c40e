import { IconReportAnalytics } from '@tabler/icons-react';
import { FramePage } from '../../../layout/frame-page';

export default function Page() {
  return (
    <FramePage
      titleId="USERS.REPORT"
      parents={[{ labelId: 'MENU.USERS', to: '/users' }]}
      icon={<IconReportAnalytics size={28} aria-hidden />}
      emptyTitleId="USERS.REPORT.EMPTY.TITLE"
      emptyTextId="USERS.REPORT.EMPTY.TEXT"
    />
  );
}
