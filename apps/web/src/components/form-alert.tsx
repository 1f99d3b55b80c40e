import { Group, Paper, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './form-alert.module.css';

/** A form's success or error notice (lighter than Mantine's Alert on the login route). */
export function FormAlert({
  tone,
  children,
  testId,
}: {
  tone: 'success' | 'error';
  children: ReactNode;
  testId?: string;
}) {
  const Icon = tone === 'success' ? IconCircleCheck : IconAlertCircle;
  return (
    <Paper
      className={classes.alert}
      data-tone={tone}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      radius="md"
      p="sm"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Icon size={20} className={classes.icon} aria-hidden />
        <Text size="sm" fw={500} component="div">
          {children}
        </Text>
      </Group>
    </Paper>
  );
}
