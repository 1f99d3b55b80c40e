import { EmptyState, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's real frame while its data arrives with a later release: says what will appear. */
export function EmptyPanel({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <Paper
      withBorder
      p={{ base: 'lg', md: 48 }}
      style={{ background: 'var(--app-surface)', borderColor: 'var(--app-border)' }}
      data-testid="empty-state"
    >
      <EmptyState icon={icon} title={title} description={description} color="gray">
        {children}
      </EmptyState>
    </Paper>
  );
}
