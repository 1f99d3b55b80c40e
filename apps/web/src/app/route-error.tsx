import { Button, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router';
import { BrandPage } from '../components/brand-page';
import { useT } from '../i18n/use-t';
import { hideSplash } from '../layout/splash';
import { isChunkLoadError, mayReloadForNewBuild, reloadForNewBuild } from './new-build';

/**
 * What a route that failed to load or render shows, instead of the router's developer page: a page
 * whose code is gone after a deployment reloads once for the new build (new-build.ts); anything
 * else says so in the reader's language (core messages: the full ones may be what failed) with a
 * way to try again.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useT();
  // Decided once, while rendering (reads only); the reload itself happens after the commit.
  const [reloading] = useState(() => isChunkLoadError(error) && mayReloadForNewBuild());
  useEffect(() => {
    console.error(error);
    if (reloading) reloadForNewBuild();
    else hideSplash(0);
  }, [error, reloading]);
  if (reloading) return null;
  return (
    <BrandPage gap="md" testId="route-error">
      <Title order={1} fz={24}>
        {t('COMMON.PAGE_ERROR.TITLE')}
      </Title>
      <Text c="dimmed">{t('COMMON.PAGE_ERROR.TEXT')}</Text>
      <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={() => window.location.reload()}>
        {t('COMMON.PAGE_ERROR.RELOAD')}
      </Button>
    </BrandPage>
  );
}
