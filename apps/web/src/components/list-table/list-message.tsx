import { EmptyState } from '@mantine/core';
import type { ReactNode } from 'react';

/** The table's empty, no-matches and error states: an icon, what happened, what to do. */
export function ListMessage({
  icon,
  title,
  text,
  children,
  tone = 'neutral',
  testId,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  children?: ReactNode;
  tone?: 'neutral' | 'error';
  testId: string;
}) {
  const error = tone === 'error';
  return (
    <EmptyState
      icon={icon}
      title={title}
      description={text}
      variant={error ? 'light' : undefined}
      color={error ? 'red' : undefined}
      withIndicatorBackground
      py={48}
      px="md"
      role={error ? 'alert' : 'status'}
      data-testid={testId}
    >
      {children && <EmptyState.Actions>{children}</EmptyState.Actions>}
    </EmptyState>
  );
}
