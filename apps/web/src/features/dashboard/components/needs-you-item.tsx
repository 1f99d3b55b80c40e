import { Anchor, Badge, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * One thing that may wait for staff: its count (orange while above zero), a line about it, and
 * either a link to the list that holds it or, where there is no such list, an action of its own.
 */
export function NeedsYouItem({
  icon,
  title,
  count,
  to,
  detail,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  count: number;
  to?: string;
  detail: string;
  action?: ReactNode;
  testId: string;
}) {
  const heading = (
    <>
      {/* A long title (German) wraps; the icon and the count keep their size. */}
      <span style={{ display: 'inline-flex', flexShrink: 0 }}>{icon}</span>
      <span style={{ minWidth: 0 }}>{title}</span>
      <Badge color={count > 0 ? 'orange' : 'teal'} variant="light" style={{ flexShrink: 0 }} data-testid="needs-count">
        {count}
      </Badge>
    </>
  );
  const headingStyle = { display: 'flex', gap: 8, alignItems: 'center' };
  return (
    <Paper
      withBorder
      p="sm"
      style={{
        background: 'var(--app-surface)',
        borderLeft: `4px solid var(--mantine-color-${count > 0 ? 'orange' : 'teal'}-6)`,
      }}
      data-testid={testId}
    >
      {to ? (
        <Anchor component={Link} to={to} fw={600} size="sm" style={headingStyle}>
          {heading}
        </Anchor>
      ) : (
        <Text component="div" fw={600} size="sm" style={headingStyle}>
          {heading}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        {detail}
      </Text>
      {action}
    </Paper>
  );
}
