import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShieldOff } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { toastError, toastSuccess } from '../../../lib/toast';
import type { AdminUserDetail } from '../api/get-user';
import { useResetUserMfa, useUserMfa } from '../api/user-mfa';
import { PanelError, PanelLoading } from './panel-query';

/**
 * Whether the user signs in with a second factor and since when. ADMIN can turn it off for
 * someone who lost their phone (never for themselves: their profile does that with a code);
 * the server ends the user's sessions, mails them and writes the audit log.
 */
export function UserTwoFactor({ user, canReset }: { user: AdminUserDetail; canReset: boolean }) {
  const { t, tError } = useT();
  const format = useFormat();
  const status = useUserMfa(user.id);
  const reset = useResetUserMfa(user.id);
  const [open, setOpen] = useState(false);
  const name = `${user.firstName} ${user.lastName}`;

  const confirm = async () => {
    try {
      await reset.mutateAsync();
      setOpen(false);
      toastSuccess(t('USERS.MFA.DONE', { name }));
    } catch (error) {
      setOpen(false);
      toastError(tError(error, 'USERS.MFA.FAILED'));
    }
  };

  let body;
  if (status.isPending) body = <PanelLoading />;
  else if (status.isError) body = <PanelError query={status} testId="user-mfa" />;
  else {
    const { mfaEnabled, enabledAt } = status.data;
    body = (
      <Stack gap="sm" align="flex-start">
        <Group gap="sm">
          <Badge color={mfaEnabled ? 'teal.9' : 'gray.7'} variant="filled" data-testid="user-mfa-state">
            {mfaEnabled ? t('PROFILE.MFA.ON') : t('PROFILE.MFA.OFF')}
          </Badge>
          <Text size="sm">
            {mfaEnabled && enabledAt
              ? t('USERS.MFA.ON_SINCE', { date: format.dateTime(enabledAt) })
              : t('USERS.MFA.OFF_TEXT')}
          </Text>
        </Group>
        {mfaEnabled && canReset && (
          <>
            <Text size="sm" c="dimmed">
              {t('USERS.MFA.RESET_HINT')}
            </Text>
            <Button
              variant="default"
              leftSection={<IconShieldOff size={16} aria-hidden />}
              onClick={() => setOpen(true)}
              data-testid="user-mfa-reset"
            >
              {t('USERS.MFA.RESET')}
            </Button>
          </>
        )}
      </Stack>
    );
  }

  return (
    <Paper withBorder p="md" style={{ background: 'var(--app-surface)', borderColor: 'var(--app-border)' }}>
      <Title order={3} size="h5" mb="sm">
        {t('PROFILE.MFA.TITLE')}
      </Title>
      {body}
      <ConfirmDialog
        opened={open}
        title={t('USERS.MFA.CONFIRM_TITLE', { name })}
        confirmLabel={t('USERS.MFA.RESET')}
        busy={reset.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      >
        {t('USERS.MFA.CONFIRM_TEXT', { name, email: user.email })}
      </ConfirmDialog>
    </Paper>
  );
}
