import { Button } from '@mantine/core';
import { IconChartLine, IconRocket } from '@tabler/icons-react';
import { FramePage } from '../../../layout/frame-page';
import { useT } from '../../../i18n/use-t';
import { useConfig } from '../../../lib/config/config-query';
import { WelcomeCard } from '../../../components/welcome-card';

export default function AccountsPage() {
  const { t } = useT();
  const config = useConfig();
  return (
    <FramePage
      titleId="MENU.ACCOUNTS"
      icon={<IconChartLine size={28} aria-hidden />}
      emptyTitleId="ACCOUNTS.EMPTY.TITLE"
      emptyTextId="ACCOUNTS.EMPTY.TEXT"
      action={
        <Button
          component="a"
          href={config.data?.startChallengeUrl ?? '#'}
          target="_blank"
          rel="noopener noreferrer"
          leftSection={<IconRocket size={16} aria-hidden />}
          mt="md"
        >
          {t('MENU.START_CHALLENGE')}
        </Button>
      }
    >
      <WelcomeCard />
    </FramePage>
  );
}
