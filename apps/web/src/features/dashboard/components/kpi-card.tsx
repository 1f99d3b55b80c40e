import { Anchor, Group, Paper, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { deltaBps } from '../model/range';

export interface Kpi {
  id: string;
  label: string;
  value: string;
  /** For the comparison: the raw figures of this period and the one before (null: none). */
  current: number | null;
  previous: number | null | undefined;
  /** A rise is bad news (refunds, payouts): the colours turn round. */
  lowerIsBetter?: boolean;
  /** A figure of now that no past value is kept for: said so where the comparison would be. */
  snapshot?: boolean;
  to?: string;
  hint?: ReactNode;
}

/** A figure, its change against the previous period, and a link to the list behind it. */
export function KpiCard({ kpi }: { kpi: Kpi }) {
  const { t } = useT();
  const fmt = useFormat();
  const delta = deltaBps(kpi.current, kpi.previous);
  const good = delta === null || delta === 0 ? null : delta > 0 !== Boolean(kpi.lowerIsBetter);
  const Icon = delta === null || delta === 0 ? IconMinus : delta > 0 ? IconArrowUpRight : IconArrowDownRight;
  return (
    <Paper withBorder p="md" style={{ background: 'var(--app-surface)' }} data-testid={`kpi-${kpi.id}`}>
      <Text size="sm" c="dimmed">
        {kpi.label}
      </Text>
      <Text fz={24} fw={700} data-testid={`kpi-${kpi.id}-value`}>
        {kpi.to ? (
          <Anchor component={Link} to={kpi.to} inherit c="inherit" underline="hover">
            {kpi.value}
          </Anchor>
        ) : (
          kpi.value
        )}
      </Text>
      {kpi.previous !== undefined && (
        <Group gap={4} wrap="nowrap">
          <Icon
            size={14}
            aria-hidden
            color={good === null ? undefined : `var(--mantine-color-${good ? 'teal' : 'red'}-text)`}
          />
          <Text size="xs" c={good === null ? 'dimmed' : good ? 'teal' : 'red'} data-testid={`kpi-${kpi.id}-delta`}>
            {delta === null
              ? t('DASHBOARD.DELTA.NONE')
              : t('DASHBOARD.DELTA.VS', { change: `${delta > 0 ? '+' : ''}${fmt.percentBps(delta)}` })}
          </Text>
        </Group>
      )}
      {kpi.snapshot && (
        <Text size="xs" c="dimmed" data-testid={`kpi-${kpi.id}-snapshot`}>
          {t('DASHBOARD.SNAPSHOT')}
        </Text>
      )}
      {kpi.hint && (
        <Text size="xs" c="dimmed" mt={4}>
          {kpi.hint}
        </Text>
      )}
    </Paper>
  );
}
