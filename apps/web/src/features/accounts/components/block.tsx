import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/use-t';
import type { MessageId } from '../../../i18n/messages';

/** One block of a screen: a titled card. */
export function Block({
  title,
  actions,
  children,
  testId,
  className,
  headingId,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
  className?: string;
  headingId?: string;
}) {
  return (
    <Paper
      component="section"
      withBorder
      p={{ base: 'md', md: 'lg' }}
      style={{ background: 'var(--app-surface)', borderColor: 'var(--app-border)', minWidth: 0 }}
      aria-labelledby={headingId}
      data-testid={testId}
      className={className}
    >
      <Group justify="space-between" align="center" gap="sm" mb="md" wrap="wrap">
        <Title order={2} fz="md" fw={700} id={headingId}>
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}

/** Grey bars while a block's data loads. */
export function BlockSkeleton({ lines = 4, height = 16 }: { lines?: number; height?: number }) {
  const { t } = useT();
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t('COMMON.LOADING')} role="status" data-testid="block-loading">
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} h={height} w={`${90 - ((i * 17) % 40)}%`} />
      ))}
    </Stack>
  );
}

/** A block's data could not be loaded: what happened, and Retry. */
export function BlockError({
  error,
  onRetry,
  titleId = 'ACCOUNTS.ERROR.TITLE',
}: {
  error: unknown;
  onRetry: () => void;
  titleId?: MessageId;
}) {
  const { t, tError } = useT();
  return (
    <Stack gap="xs" align="flex-start" role="alert" data-testid="block-error">
      <Group gap="xs" wrap="nowrap">
        <IconAlertTriangle size={18} color="var(--mantine-color-error)" aria-hidden />
        <Text fw={600} size="sm">
          {t(titleId)}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {tError(error, 'ACCOUNTS.ERROR.TEXT')}
      </Text>
      <Button size="xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
        {t('LIST.RETRY')}
      </Button>
    </Stack>
  );
}

/** A block with nothing to show yet: say what will appear. */
export function BlockEmpty({ icon, title, text }: { icon?: ReactNode; title: string; text?: string }) {
  return (
    <Stack gap={6} align="center" py="lg" ta="center" role="status" data-testid="block-empty">
      {icon}
      <Text fw={600} size="sm">
        {title}
      </Text>
      {text && (
        <Text size="sm" c="dimmed" maw={420}>
          {text}
        </Text>
      )}
    </Stack>
  );
}
