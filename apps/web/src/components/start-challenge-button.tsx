import { Button, type ButtonProps } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../i18n/use-t';
import { useConfig } from '../lib/config/config-query';

/**
 * 'Start Challenge' (SPEC §2): the configured START_CHALLENGE_URL. The platform's own catalogue (a
 * path, the default) opens in the app; a firm's external shop opens in a new tab.
 */
export function StartChallengeButton(props: ButtonProps & { 'data-testid'?: string }) {
  const { t } = useT();
  const url = useConfig().data?.startChallengeUrl;
  const inApp = url?.startsWith('/') && !url.startsWith('//');
  const content = t('MENU.START_CHALLENGE');
  const icon = <IconRocket size={16} aria-hidden />;
  if (!url || inApp) {
    return (
      <Button component={Link} to={url ?? '/start-challenge'} leftSection={icon} {...props}>
        {content}
      </Button>
    );
  }
  return (
    <Button component="a" href={url} target="_blank" rel="noopener noreferrer" leftSection={icon} {...props}>
      {content}
    </Button>
  );
}
