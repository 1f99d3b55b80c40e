import { IconLayoutDashboard } from '@tabler/icons-react';
import { FramePage } from '../../../layout/frame-page';
import { WelcomeCard } from '../../../components/welcome-card';

export default function DashboardPage() {
  return (
    <FramePage
      titleId="MENU.DASHBOARD"
      icon={<IconLayoutDashboard size={28} aria-hidden />}
      emptyTitleId="DASHBOARD.EMPTY.TITLE"
      emptyTextId="DASHBOARD.EMPTY.TEXT"
    >
      <WelcomeCard />
    </FramePage>
  );
}
