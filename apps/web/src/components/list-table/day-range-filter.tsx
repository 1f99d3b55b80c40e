import { TextInput } from '@mantine/core';
import type { CSSProperties } from 'react';
import { dayEnd, dayStart, toDayInput } from '../../lib/format/day-range';

/**
 * Two day inputs bounding a list by a time, in the reader's display zone: `from` is the start of the
 * first day, `to` the start of the day after the last (the API's exclusive end), so "to 3 May"
 * keeps all of 3 May. A cleared day reports undefined; neither day can be picked past the other.
 */
export function DayRangeFilter({
  from,
  to,
  fromLabel,
  toLabel,
  onFromChange,
  onToChange,
  style,
  testIds,
}: {
  from: string | undefined;
  to: string | undefined;
  fromLabel: string;
  toLabel: string;
  onFromChange: (from: string | undefined) => void;
  onToChange: (to: string | undefined) => void;
  style?: CSSProperties;
  testIds?: { from: string; to: string };
}) {
  return (
    <>
      <TextInput
        type="date"
        label={fromLabel}
        value={toDayInput(from)}
        max={toDayInput(to, true) || undefined}
        onChange={(e) => onFromChange(dayStart(e.currentTarget.value))}
        style={style ?? DAY_STYLE}
        data-testid={testIds?.from}
      />
      <TextInput
        type="date"
        label={toLabel}
        value={toDayInput(to, true)}
        min={toDayInput(from) || undefined}
        onChange={(e) => onToChange(dayEnd(e.currentTarget.value))}
        style={style ?? DAY_STYLE}
        data-testid={testIds?.to}
      />
    </>
  );
}

const DAY_STYLE: CSSProperties = { flex: '0 1 160px' };
