import { DASHBOARD_RANGES, type DashboardRange } from '@app/contracts/dashboard';
import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useT } from '../../../i18n/use-t';
import type { MessageId } from '../../../i18n/messages';
import { dayKeyIn } from '../../../lib/format/day-range';
import type { RangeState } from '../model/range';

const LABELS: Record<DashboardRange, MessageId> = {
  today: 'DASHBOARD.RANGE.TODAY',
  '7d': 'DASHBOARD.RANGE.7D',
  '30d': 'DASHBOARD.RANGE.30D',
  '90d': 'DASHBOARD.RANGE.90D',
  all: 'DASHBOARD.RANGE.ALL',
  custom: 'DASHBOARD.RANGE.CUSTOM',
};

/**
 * The range: a preset, or custom first and last days (both kept in the URL). A custom range starts
 * as today in `timeZone`, the zone the dashboard counts its days in.
 */
export function RangePicker({
  value,
  onChange,
  timeZone,
}: {
  value: RangeState;
  /** A change of some fields: the page applies it to the range in the URL as it is then. */
  onChange: (patch: Partial<RangeState>) => void;
  timeZone: string;
}) {
  const { t } = useT();
  const today = () => dayKeyIn(timeZone);
  const pick = (range: DashboardRange) =>
    onChange(
      range === 'custom'
        ? { range, from: value.from ?? today(), to: value.to ?? today() }
        : { range, from: undefined, to: undefined },
    );
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <NativeSelect
        label={t('DASHBOARD.RANGE.LABEL')}
        value={value.range}
        onChange={(e) => pick(e.currentTarget.value as DashboardRange)}
        data={DASHBOARD_RANGES.map((r) => ({ value: r, label: t(LABELS[r]) }))}
        style={{ flex: '0 1 200px' }}
        data-testid="dashboard-range"
      />
      {value.range === 'custom' && (
        <>
          <TextInput
            type="date"
            label={t('DASHBOARD.RANGE.FROM')}
            value={value.from ?? ''}
            max={value.to}
            onChange={(e) => e.currentTarget.value && onChange({ from: e.currentTarget.value })}
            style={{ flex: '0 1 170px' }}
            data-testid="dashboard-from"
          />
          <TextInput
            type="date"
            label={t('DASHBOARD.RANGE.TO')}
            value={value.to ?? ''}
            min={value.from}
            onChange={(e) => e.currentTarget.value && onChange({ to: e.currentTarget.value })}
            style={{ flex: '0 1 170px' }}
            data-testid="dashboard-to"
          />
        </>
      )}
    </Group>
  );
}
