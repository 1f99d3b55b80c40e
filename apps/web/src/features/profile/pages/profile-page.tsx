import { Avatar, Badge, Button, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { FormattedDate } from 'react-intl';
import { useCurrentUser } from '../../../lib/auth/auth-provider';
import { isMember } from '../../../lib/auth/roles';
import { PageFrame } from '../../../layout/page-frame';
import { useT } from '../../../i18n/use-t';
import { useUser } from '../../../lib/auth/user-query';
import { useProfile } from '../api/get-profile';
import { EmailForm } from '../components/email-form';
import { LoginHistoryCard } from '../components/login-history-card';
import { NameForm } from '../components/name-form';
import { PasswordForm } from '../components/password-form';
import { PreferencesForm } from '../components/preferences-form';
import { SessionsCard } from '../components/sessions-card';
import { TwoFactorCard } from '../components/two-factor-card';

/**
 * /accounts/profile for members, /admin-profile for staff: the signed-in person's details, and
 * where they manage their name, password, preferences, sessions and two-factor sign-in.
 */
export default function ProfilePage() {
  const me = useCurrentUser();
  const { t } = useT();
  const query = useUser(me.email);
  const profile = useProfile();
  const user = query.data ?? me;
  const member = isMember(me);
  const crumbs = member
    ? [{ label: t('MENU.ACCOUNTS'), to: '/accounts' }, { label: t('PROFILE.TITLE') }]
    : [{ label: t('PROFILE.TITLE') }];
  const rows: [string, React.ReactNode][] = [
    [t('AUTH.INPUT.FIRSTNAME'), user.firstName],
    [t('AUTH.INPUT.LASTNAME'), user.lastName],
    [t('AUTH.INPUT.EMAIL'), user.email],
    [t('PROFILE.ROLE'), t(user.role === 'USER' ? 'ROLE.USER' : user.role === 'ADMIN' ? 'ROLE.ADMIN' : 'ROLE.SUPPORT')],
    [t('PROFILE.STATUS'), t(user.status === 'suspended' ? 'PROFILE.STATUS.SUSPENDED' : 'PROFILE.STATUS.ACTIVE')],
    [t('PROFILE.MEMBER_SINCE'), user.createdAt ? <FormattedDate value={user.createdAt} dateStyle="long" /> : '—'],
  ];
  return (
    <PageFrame title={t('PROFILE.TITLE')} breadcrumbs={crumbs}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="xl" style={{ background: 'var(--app-surface)', borderColor: 'var(--app-border)' }}>
            <Stack align="center" gap="xs">
              <Avatar size={88} radius="lg" color="brand" variant="filled">
                {`${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase()}
              </Avatar>
              <Title order={2} fz={20}>
                {user.firstName} {user.lastName}
              </Title>
              <Text c="dimmed" size="sm">
                {user.email}
              </Text>
              <Badge variant="default">{rows[3]![1]}</Badge>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="xl" style={{ background: 'var(--app-surface)', borderColor: 'var(--app-border)' }}>
            <Title order={2} fz={18} mb="lg">
              {t('PROFILE.DETAILS')}
            </Title>
            <Stack gap="md" component="dl" m={0}>
              {rows.map(([label, value]) => (
                <Group
                  key={label}
                  justify="space-between"
                  wrap="nowrap"
                  style={{ borderBottom: '1px dashed var(--app-border)', paddingBottom: 12 }}
                >
                  <Text component="dt" c="dimmed" size="sm">
                    {label}
                  </Text>
                  <Text component="dd" fw={600} size="sm" m={0} ta="right">
                    {query.isLoading ? <Skeleton h={14} w={120} component="span" /> : value}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Paper>
        </Grid.Col>
        {profile.isPending ? (
          <Grid.Col span={12}>
            <Skeleton h={220} />
          </Grid.Col>
        ) : profile.isError ? (
          <Grid.Col span={12}>
            <Group justify="space-between" role="alert">
              <Text c="red">{t('PROFILE.LOAD_ERROR')}</Text>
              <Button variant="default" onClick={() => void profile.refetch()}>
                {t('PROFILE.RETRY')}
              </Button>
            </Group>
          </Grid.Col>
        ) : (
          <>
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <Stack gap="lg">
                <TwoFactorCard enabled={profile.data.profile.mfaEnabled} required={profile.data.profile.mfaRequired} />
                <NameForm firstName={profile.data.profile.firstName} lastName={profile.data.profile.lastName} />
                <EmailForm email={profile.data.profile.email} pendingEmail={profile.data.profile.pendingEmail} />
                <PasswordForm />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <Stack gap="lg">
                <PreferencesForm stored={profile.data.profile.preferences} />
                <SessionsCard />
              </Stack>
            </Grid.Col>
            <Grid.Col span={12}>
              <LoginHistoryCard />
            </Grid.Col>
          </>
        )}
      </Grid>
    </PageFrame>
  );
}
