import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { seriesColor } from './revenue-chart';

export interface Bar {
  key: string;
  label: string;
  value: number;
  /** What the bar says (money, a count with a rate…). */
  display: string;
  /** The previous period's figure, already worded ("prev. 58 %"): under the figure, so it reads at 375 px. */
  previous?: string;
  to?: string;
  /** A colour that means something (a status: failed in red), else the palette's next. */
  color?: string;
}

/**
 * Horizontal bars sized to the largest: orders per challenge, accounts by status, the funnel; a
 * bar may carry the previous period's figure.
 */
export function BarList({ bars, testId, color }: { bars: Bar[]; testId: string; color?: number }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <Stack gap={8} data-testid={testId}>
      {bars.map((b, i) => (
        <div key={b.key}>
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <Text size="sm" truncate>
              {b.to ? (
                <Anchor component={Link} to={b.to} inherit>
                  {b.label}
                </Anchor>
              ) : (
                b.label
              )}
            </Text>
            <div style={{ textAlign: 'right', flexShrink: 0 }}>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {b.display}
              </Text>
              {b.previous && (
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid={`${testId}-${b.key}-previous`}>
                  {b.previous}
                </Text>
              )}
            </div>
          </Group>
          <Box h={6} bg="var(--app-border)" style={{ borderRadius: 3 }}>
            <Box
              h={6}
              w={`${(Math.max(0, b.value) / max) * 100}%`}
              bg={b.color ? `${b.color}.6` : seriesColor(color ?? i)}
              style={{ borderRadius: 3 }}
            />
          </Box>
        </div>
      ))}
    </Stack>
  );
}
