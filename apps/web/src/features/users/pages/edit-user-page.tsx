import { Alert, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useT } from '../../../i18n/use-t';
import { PageFrame } from '../../../layout/page-frame';
import { useCurrentUser } from '../../../lib/auth/auth-provider';
import { isAdmin } from '../../../lib/auth/roles';
import { AnonymiseUser } from '../components/anonymise-user';
import { UserDetailPanel } from '../components/user-detail-panel';
import { UserForm } from '../components/user-form';
import { UserTwoFactor } from '../components/user-two-factor';
import { useUser } from '../api/get-user';

const surface = { background: 'var(--app-surface)', borderColor: 'var(--app-border)' };

/**
 * /users/edit-user (create: the user gets a set-password link by mail) and /users/{userId}/edit-user
 * (edit, anonymise, and the panel of their records). ADMIN writes; SUPPORT sees it all read-only.
 */
export default function EditUserPage() {
  const { t, tError } = useT();
  const { userId } = useParams();
  const me = useCurrentUser();
  const canWrite = isAdmin(me);
  const query = useUser(userId);
  const user = query.data?.user;
  const title = userId ? t('USERS.EDIT') : t('USERS.NEW');

  let body;
  if (userId && query.isPending) {
    body = (
      <Paper withBorder p="md" style={surface} aria-busy="true" aria-label={t('COMMON.LOADING')}>
        <Stack gap="md">
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={36} width="60%" />
        </Stack>
      </Paper>
    );
  } else if (userId && query.isError) {
    body = (
      <Alert
        color="red"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        title={t('LIST.ERROR.TITLE')}
        data-testid="user-error"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{tError(query.error, 'LIST.ERROR.TEXT')}</Text>
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => void query.refetch()}
          >
            {t('LIST.RETRY')}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    body = (
      <Stack gap="lg">
        {!canWrite && (
          <Text c="dimmed" size="sm" data-testid="user-read-only">
            {t('USERS.READ_ONLY')}
          </Text>
        )}
        {user?.anonymised && (
          <Alert color="gray" data-testid="user-anonymised">
            {t('USERS.ANONYMISED_NOTE')}
          </Alert>
        )}
        <Paper withBorder p="md" style={surface}>
          <Title order={2} size="h4" mb="md">
            {user ? `${user.firstName} ${user.lastName}` : t('USERS.NEW')}
          </Title>
          <UserForm user={user} canWrite={canWrite} selfId={me.id} />
        </Paper>
        {user && !user.anonymised && <UserTwoFactor user={user} canReset={canWrite && user.id !== me.id} />}
        {user && <UserDetailPanel userId={user.id} canWrite={canWrite && !user.anonymised} />}
        {user && canWrite && !user.anonymised && user.id !== me.id && <AnonymiseUser user={user} />}
      </Stack>
    );
  }

  return (
    <PageFrame title={title} breadcrumbs={[{ label: t('MENU.USERS'), to: '/users' }, { label: title }]}>
      {body}
    </PageFrame>
  );
}
