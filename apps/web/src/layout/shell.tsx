import { Affix, Anchor, AppShell, Container, Group, ScrollArea, Text, Transition, ActionIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../lib/auth/auth-provider';
import { homePathFor, isMember } from '../lib/auth/roles';
import { BrandLogo } from '../components/brand-logo';
import { StartChallengeButton } from '../components/start-challenge-button';
import { useT } from '../i18n/use-t';
import { Header } from './header';
import { SIDEBAR_WIDTH } from './layout-config';
import { useLayout } from './layout-provider';
import { useScrolledPast } from './use-scrolled-past';
import { useStoredPreferences } from './use-stored-preferences';
import { SidebarMenu } from './sidebar-menu';
import { hideSplash } from './splash';
import { useAfterFirstPaint } from '../lib/use-after-first-paint';
import { viewportAtLeast } from '../lib/viewport';
import classes from './shell.module.css';
import sidebarClasses from './sidebar.module.css';

const SettingsDrawer = lazy(() => import('./settings-drawer').then((m) => ({ default: m.SettingsDrawer })));

/** The signed-in frame: sidebar or header menu per layout type, header, content, footer. */
export default function Shell() {
  const { config } = useLayout();
  const user = useCurrentUser();
  useStoredPreferences(user);
  const { t } = useT();
  const { pathname } = useLocation();
  const [navOpened, nav] = useDisclosure(false);
  const [settingsOpened, setSettingsOpened] = useState(false);
  const scrolled = useScrolledPast(200);
  const headerLayout = config.layoutType !== 'dark-sidebar';
  const darkHeader = config.layoutType === 'dark-header';
  // Where the sidebar starts hidden (a phone, or the header layouts), its menu renders right after
  // the first paint instead of before it.
  const [sidebarShownAtOnce] = useState(() => viewportAtLeast('lg') && !headerLayout);
  const sidebarMenu = useAfterFirstPaint(sidebarShownAtOnce);

  // The splash hides 500 ms after the layout is set up.
  useEffect(() => hideSplash(), [config.layoutType]);
  // The mobile navigation closes whenever the route changes (close is stable).
  const closeNav = nav.close;
  useEffect(() => closeNav(), [pathname, closeNav]);

  return (
    <AppShell
      header={{ height: 70 }}
      navbar={{ width: SIDEBAR_WIDTH, breakpoint: 'lg', collapsed: { mobile: !navOpened, desktop: headerLayout } }}
      layout={headerLayout ? 'default' : 'alt'}
      padding={0}
      data-app-layout={config.layoutType}
    >
      <AppShell.Header className={darkHeader ? classes.headerDark : classes.header} withBorder={!darkHeader}>
        <Header navOpened={navOpened} toggleNav={nav.toggle} openSettings={() => setSettingsOpened(true)} />
      </AppShell.Header>
      <AppShell.Navbar
        className={headerLayout ? `${sidebarClasses.sidebar} ${sidebarClasses.sidebarLight}` : sidebarClasses.sidebar}
        data-testid="sidebar"
      >
        {!headerLayout && (
          <div className={sidebarClasses.logo}>
            <Link to={homePathFor(user)} aria-label={t('MENU.HOME')}>
              <BrandLogo height={30} onDark />
            </Link>
          </div>
        )}
        <AppShell.Section grow component={ScrollArea} type="hover">
          {sidebarMenu && <SidebarMenu onNavigate={nav.close} variant={headerLayout ? 'light' : 'dark'} />}
        </AppShell.Section>
        {isMember(user) && (
          <div className={sidebarClasses.footer}>
            <StartChallengeButton fullWidth data-testid="start-challenge" />
          </div>
        )}
      </AppShell.Navbar>
      <AppShell.Main className={classes.main}>
        <div className={classes.content}>
          <Outlet />
        </div>
        <footer className={classes.footer}>
          <Container fluid={config.app.content.container === 'fluid'} size={1320} px={{ base: 'md', md: 30 }}>
            <Group justify="space-between" py="md" gap="sm">
              <Text size="sm" c="dimmed">
                © {new Date().getFullYear()} FundedPro
              </Text>
              <Group gap="lg">
                <Anchor component={Link} to="/privacy" size="sm" c="dimmed">
                  {t('FOOTER.PRIVACY')}
                </Anchor>
                <Anchor component={Link} to="/legal" size="sm" c="dimmed">
                  {t('FOOTER.LEGAL')}
                </Anchor>
                <Anchor component={Link} to="/contact" size="sm" c="dimmed">
                  {t('FOOTER.CONTACT')}
                </Anchor>
              </Group>
            </Group>
          </Container>
        </footer>
      </AppShell.Main>
      {settingsOpened && (
        <Suspense fallback={null}>
          <SettingsDrawer opened={settingsOpened} onClose={() => setSettingsOpened(false)} />
        </Suspense>
      )}
      {/* Below drawers and dialogs (z-index 200), above the page. */}
      <Affix position={{ bottom: 24, right: 24 }} zIndex={150}>
        <Transition transition="slide-up" mounted={scrolled}>
          {(styles) => (
            <ActionIcon
              style={styles}
              size={40}
              radius="md"
              onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
              aria-label={t('COMMON.SCROLL_TOP')}
            >
              <IconArrowUp size={18} aria-hidden />
            </ActionIcon>
          )}
        </Transition>
      </Affix>
    </AppShell>
  );
}
