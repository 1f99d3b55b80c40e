import { ActionIcon, Burger, Container, Group, Text, Tooltip } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../lib/auth/auth-provider';
import { homePathFor } from '../lib/auth/roles';
import { BrandLogo } from '../components/brand-logo';
import { LanguageMenu } from '../components/language-menu';
import { ThemeMenu } from '../components/theme-menu';
import { useT } from '../i18n/use-t';
import { HorizontalMenu } from './horizontal-menu';
import { useLayout } from './layout-provider';
import { useAccountId } from './use-account-id';
import { UserMenu } from './user-menu';
import classes from './shell.module.css';

const OVERVIEW_PATHS = ['/accounts/account-overview', '/accounts/trading-overview'];

export function Header({
  navOpened,
  toggleNav,
  openSettings,
}: {
  navOpened: boolean;
  toggleNav: () => void;
  openSettings: () => void;
}) {
  const { config } = useLayout();
  const { t } = useT();
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const accountId = useAccountId();
  const headerLayout = config.layoutType !== 'dark-sidebar';
  const dark = config.layoutType === 'dark-header';
  const showAccountId = OVERVIEW_PATHS.includes(pathname.replace(/\/+$/, ''));
  const fluid = config.app.header.default.container === 'fluid';

  return (
    <Container fluid={fluid || !headerLayout} size={1320} h="100%" px={{ base: 'md', md: 30 }}>
      <Group h="100%" justify="space-between" wrap="nowrap" gap="md">
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
          <Burger
            opened={navOpened}
            onClick={toggleNav}
            hiddenFrom="lg"
            size="sm"
            color={dark ? 'white' : undefined}
            aria-label={t(navOpened ? 'MENU.CLOSE' : 'MENU.OPEN')}
          />
          {headerLayout && (
            <Link to={homePathFor(user)} aria-label={t('MENU.HOME')} className={classes.headerLogo}>
              <BrandLogo height={30} onDark={dark} />
            </Link>
          )}
          {!headerLayout && (
            <Link
              to={homePathFor(user)}
              aria-label={t('MENU.HOME')}
              className={classes.mobileLogo}
              data-with-account={showAccountId || undefined}
            >
              <BrandLogo height={28} />
            </Link>
          )}
          {headerLayout && <HorizontalMenu dark={dark} />}
          {showAccountId && (
            <Text size="sm" fw={600} className={classes.accountId} data-testid="header-account-id">
              {t('HEADER.ACCOUNT_ID')}
              <span title={accountId ?? undefined}>{accountId ?? '—'}</span>
            </Text>
          )}
        </Group>
        <Group gap={4} wrap="nowrap" c={dark ? 'white' : undefined}>
          <LanguageMenu compact />
          <ThemeMenu />
          <Tooltip label={t('SETTINGS.TITLE')} withArrow>
            <ActionIcon
              variant="subtle"
              color={dark ? 'gray.0' : 'gray'}
              size={38}
              radius="md"
              onClick={openSettings}
              aria-label={t('SETTINGS.OPEN')}
              data-testid="settings-open"
            >
              <IconAdjustmentsHorizontal size={18} stroke={1.7} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <UserMenu onDark={dark} />
        </Group>
      </Group>
    </Container>
  );
}
