import { TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { dayEnd, dayStart, toDayInput } from '../../lib/format/day-range';

/** Years the API accepts in a date filter; a day outside them is still being typed ("0002-…"). */
const FIRST_YEAR = 1970;
const LAST_YEAR = 2200;

const isWholeDay = (day: string) => {
  const year = Number(day.slice(0, 4));
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && year >= FIRST_YEAR && year <= LAST_YEAR;
};

/**
 * One day input over an instant kept elsewhere (the URL). It shows what is typed at once and reports
 * only whole days: while a year is typed the browser passes "0002-11-05", "0020-11-05"…, which
 * the list would ask for (and be refused) and then, read back, clear from under the person's keys.
 */
function DayInput({
  iso,
  exclusiveEnd,
  onChange,
  ...input
}: {
  iso: string | undefined;
  exclusiveEnd: boolean;
  onChange: (iso: string | undefined) => void;
  label: string;
  min?: string;
  max?: string;
  style: CSSProperties;
  'data-testid'?: string;
}) {
  const shown = toDayInput(iso, exclusiveEnd);
  const [text, setText] = useState(shown);
  const reported = useRef(iso);
  // Changed elsewhere (Clear filters, Back, a link): show the new day.
  useEffect(() => {
    if (iso !== reported.current) {
      reported.current = iso;
      setText(shown);
    }
  }, [iso, shown]);
  return (
    <TextInput
      type="date"
      value={text}
      onChange={(e) => {
        const day = e.currentTarget.value;
        setText(day);
        if (day !== '' && !isWholeDay(day)) return;
        const next = day === '' ? undefined : exclusiveEnd ? dayEnd(day) : dayStart(day);
        reported.current = next;
        onChange(next);
      }}
      {...input}
    />
  );
}

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
  style = DAY_STYLE,
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
      <DayInput
        iso={from}
        exclusiveEnd={false}
        onChange={onFromChange}
        label={fromLabel}
        max={toDayInput(to, true) || undefined}
        style={style}
        data-testid={testIds?.from}
      />
      <DayInput
        iso={to}
        exclusiveEnd
        onChange={onToChange}
        label={toLabel}
        min={toDayInput(from) || undefined}
        style={style}
        data-testid={testIds?.to}
      />
    </>
  );
}

const DAY_STYLE: CSSProperties = { flex: '0 1 160px' };
