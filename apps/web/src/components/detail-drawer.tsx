import { Alert, Button, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';

/** A label and its value on one line of a detail drawer; long values wrap anywhere. */
export function DetailRow({
  label,
  children,
  strong = true,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 500 : undefined} ta="right" style={{ overflowWrap: 'anywhere' }} component="div">
        {children}
      </Text>
    </Group>
  );
}

/** The read behind a drawer: what it needs to show its error and ask again. */
interface DetailQuery {
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A staff list's detail, from the right: its title, then the read's error with Retry, a skeleton
 * until the detail is `ready`, or the detail (`children`).
 */
export function DetailDrawer({
  opened,
  onClose,
  title,
  size = 'lg',
  query,
  ready,
  errorTestId,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: 'lg' | 'xl';
  query?: DetailQuery;
  ready: boolean;
  errorTestId?: string;
  children: ReactNode;
}) {
  const { t, tError } = useT();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={size}
      title={
        <Text component="span" fw={700} size="lg">
          {title}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t('COMMON.CLOSE') }}
    >
      {query?.isError ? (
        <Alert color="red" variant="light" data-testid={errorTestId}>
          {tError(query.error, 'LIST.ERROR.TEXT')}
          <Button mt="xs" size="compact-sm" variant="default" onClick={() => void query.refetch()}>
            {t('LIST.RETRY')}
          </Button>
        </Alert>
      ) : ready ? (
        children
      ) : (
        <Stack gap="sm" aria-busy>
          <Skeleton h={24} />
          <Skeleton h={120} />
          <Skeleton h={160} />
        </Stack>
      )}
    </Drawer>
  );
}
