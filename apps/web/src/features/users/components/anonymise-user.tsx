import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUserX } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useT } from '../../../i18n/use-t';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useAnonymiseUser } from '../api/anonymise-user';
import type { AdminUserDetail } from '../api/get-user';
import { fieldErrorOf } from './server-field-errors';

/** GDPR erasure behind a confirmation that names the user (ADMIN; never oneself). */
export function AnonymiseUser({ user }: { user: AdminUserDetail }) {
  const { t, tError } = useT();
  const [open, setOpen] = useState(false);
  const anonymise = useAnonymiseUser();
  const name = `${user.firstName} ${user.lastName}`;
  // Awaited rather than per-call callbacks: the refreshed user is anonymised and this panel
  // unmounts, and mutate()'s own callbacks do not run for an unmounted component.
  const confirm = async () => {
    try {
      await anonymise.mutateAsync(user.id);
      setOpen(false);
      toastSuccess(t('USERS.ANONYMISE.DONE', { name }));
    } catch (error) {
      const named = fieldErrorOf(error);
      toastError(named ? t(named.messageId) : tError(error, 'USERS.ANONYMISE.FAILED'));
    }
  };
  return (
    <Paper withBorder p="md" style={{ background: 'var(--app-surface)', borderColor: 'var(--app-border)' }}>
      <Stack gap="sm" align="flex-start">
        <Title order={3} size="h5">
          {t('USERS.ANONYMISE.TITLE')}
        </Title>
        <Text size="sm">{t('USERS.ANONYMISE.TEXT')}</Text>
        <Button
          color="red.8"
          leftSection={<IconUserX size={16} aria-hidden />}
          onClick={() => setOpen(true)}
          data-testid="user-anonymise"
        >
          {t('USERS.ANONYMISE.BUTTON')}
        </Button>
      </Stack>
      <ConfirmDialog
        opened={open}
        title={t('USERS.ANONYMISE.CONFIRM_TITLE', { name })}
        confirmLabel={t('USERS.ANONYMISE.BUTTON')}
        busy={anonymise.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      >
        {t('USERS.ANONYMISE.CONFIRM_TEXT', { name, email: user.email })}
      </ConfirmDialog>
    </Paper>
  );
}
