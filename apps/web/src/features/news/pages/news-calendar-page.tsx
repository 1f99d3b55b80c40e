import { IconCalendarEvent } from '@tabler/icons-react';
import { FramePage } from '../../../layout/frame-page';

export default function Page() {
  return (
    <FramePage
      titleId="MENU.NEWS_CALENDAR"
      icon={<IconCalendarEvent size={28} aria-hidden />}
      emptyTitleId="NEWS.EMPTY.TITLE"
      emptyTextId="NEWS.EMPTY.TEXT"
    />
  );
}
