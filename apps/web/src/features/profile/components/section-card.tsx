import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One part of the profile: a titled card. */
export function SectionCard({
  title,
  description,
  children,
  testId,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      data-testid={testId}
      style={{ background: 'var(--app-surface)', borderColor: 'var(--app-border)' }}
      component="section"
      aria-label={title}
    >
      <Stack gap="md">
        <div>
          <Title order={2} fz={18}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm" mt={4}>
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
