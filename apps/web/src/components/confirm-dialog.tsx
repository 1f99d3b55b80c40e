import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';

/**
 * "Are you sure?" before an action that cannot be undone. The confirm button shows the action's
 * own verb (Revoke, Delete), never a bare OK; Cancel has the focus so Enter does no harm.
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  busy = false,
  danger = true,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useT();
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onClose}
      title={
        <Text component="span" fw={700} size="lg">
          {title}
        </Text>
      }
      centered
      closeButtonProps={{ 'aria-label': t('COMMON.CLOSE') }}
    >
      <Text component="div" size="sm">
        {children}
      </Text>
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
          {t('COMMON.CANCEL')}
        </Button>
        {/* red.8: white text on Mantine's default red falls below 4.5:1. */}
        <Button color={danger ? 'red.8' : undefined} onClick={onConfirm} loading={busy} data-testid="confirm-action">
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
