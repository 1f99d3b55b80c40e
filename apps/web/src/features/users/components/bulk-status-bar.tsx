import type { UserStatus } from '@app/contracts/constants';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconPlayerPlay, IconPlayerPause } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useBulkStatus } from '../api/bulk-status';
import { fieldErrorOf } from './server-field-errors';

/** Shown while rows are selected: set them Active or Suspended in one request. */
export function BulkStatusBar({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const { t, tError } = useT();
  const bulk = useBulkStatus();
  if (ids.length === 0) return null;
  const apply = (status: UserStatus) =>
    bulk.mutate(
      { userIds: ids, status },
      {
        onSuccess: () => {
          toastSuccess(t('USERS.BULK.DONE'));
          onDone();
        },
        // Oneself or the last ADMIN among the selection: the server names the field, we say why.
        onError: (error) => {
          const named = fieldErrorOf(error);
          toastError(named ? t(named.messageId) : tError(error, 'USERS.BULK.FAILED'));
        },
      },
    );
  return (
    <Paper withBorder p="sm" mb="md" style={{ background: 'var(--app-surface)' }} data-testid="user-bulk-bar">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" fw={600} aria-live="polite">
          {t('USERS.BULK.SELECTED', { count: ids.length })}
        </Text>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            onClick={() => apply('active')}
            loading={bulk.isPending && bulk.variables?.status === 'active'}
            data-testid="user-bulk-active"
          >
            {t('USERS.BULK.ACTIVE')}
          </Button>
          <Button
            color="red.8"
            leftSection={<IconPlayerPause size={16} aria-hidden />}
            onClick={() => apply('suspended')}
            loading={bulk.isPending && bulk.variables?.status === 'suspended'}
            data-testid="user-bulk-suspend"
          >
            {t('USERS.BULK.SUSPEND')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
