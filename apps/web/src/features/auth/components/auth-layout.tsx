import { Anchor, Box, Group, Paper, Text, Title } from '@mantine/core';
import { IconChartLine, IconShieldCheck, IconWallet } from '@tabler/icons-react';
import { Link, Outlet } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo';
import { AuthPreferences } from '../../../components/auth-preferences';
import { useT } from '../../../i18n/use-t';
import classes from './auth-layout.module.css';

/** The frame of every auth screen: form on one side, the product story on the other. */
export default function AuthLayout() {
  const { t } = useT();
  const points = [
    { icon: IconChartLine, title: t('AUTH.ASIDE.POINT1.TITLE'), text: t('AUTH.ASIDE.POINT1.TEXT') },
    { icon: IconShieldCheck, title: t('AUTH.ASIDE.POINT2.TITLE'), text: t('AUTH.ASIDE.POINT2.TEXT') },
    { icon: IconWallet, title: t('AUTH.ASIDE.POINT3.TITLE'), text: t('AUTH.ASIDE.POINT3.TEXT') },
  ];
  return (
    <div className={classes.root}>
      <div className={classes.main}>
        <header className={classes.top}>
          <Link to="/auth/login" aria-label={t('AUTH.HOME_LINK')}>
            <BrandLogo height={34} />
          </Link>
          <AuthPreferences />
        </header>
        <main className={classes.center}>
          <Text hiddenFrom="md" ta="center" fw={600} c="dimmed" mb="lg" data-testid="tagline-mobile">
            {t('AUTH.TAGLINE')}
          </Text>
          <Paper className={classes.card} p={{ base: 'lg', sm: 40 }} withBorder shadow="sm">
            <Outlet />
          </Paper>
        </main>
        <footer className={classes.footer}>
          {/* The prerendered login (decision 032) holds the year of its build. */}
          <Text size="sm" c="dimmed" suppressHydrationWarning>
            © {new Date().getFullYear()} FundedPro
          </Text>
          <nav aria-label={t('AUTH.FOOTER.NAV')}>
            <Group gap="lg">
              <Anchor component={Link} to="/privacy" size="sm" fw={500}>
                {t('FOOTER.PRIVACY')}
              </Anchor>
              <Anchor component={Link} to="/legal" size="sm" fw={500}>
                {t('FOOTER.LEGAL')}
              </Anchor>
              <Anchor component={Link} to="/contact" size="sm" fw={500}>
                {t('FOOTER.CONTACT')}
              </Anchor>
            </Group>
          </nav>
        </footer>
      </div>
      <Box component="aside" className={classes.aside} aria-label={t('AUTH.ASIDE.LABEL')}>
        <div className={classes.asideInner}>
          <Text className={classes.eyebrow}>{t('AUTH.ASIDE.EYEBROW')}</Text>
          <Title order={2} className={classes.tagline} data-testid="tagline">
            {t('AUTH.TAGLINE')}
          </Title>
          <Text className={classes.asideText}>{t('AUTH.ASIDE.TEXT')}</Text>
          <ul className={classes.points}>
            {points.map(({ icon: Icon, title, text }) => (
              <li key={title}>
                <span className={classes.pointIcon}>
                  <Icon size={22} stroke={1.6} aria-hidden />
                </span>
                <div>
                  <Text fw={600} c="white">
                    {title}
                  </Text>
                  <Text size="sm" className={classes.pointText}>
                    {text}
                  </Text>
                </div>
              </li>
            ))}
          </ul>
          <svg className={classes.chart} viewBox="0 0 400 120" aria-hidden="true" focusable="false">
            <defs>
              <linearGradient id="auth-area" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0" stopColor="#50CD89" stopOpacity="0.45" />
                <stop offset="1" stopColor="#50CD89" stopOpacity="0" />
              </linearGradient>
            </defs>
            <path
              d="M0 100 L40 88 L80 92 L120 70 L160 76 L200 52 L240 60 L280 36 L320 44 L360 18 L400 24 L400 120 L0 120 Z"
              fill="url(#auth-area)"
            />
            <path
              d="M0 100 L40 88 L80 92 L120 70 L160 76 L200 52 L240 60 L280 36 L320 44 L360 18 L400 24"
              fill="none"
              stroke="#50CD89"
              strokeWidth="3"
              strokeLinejoin="round"
            />
          </svg>
        </div>
      </Box>
    </div>
  );
}
