import { NativeSelect } from '@mantine/core';
import type { CSSProperties } from 'react';

/**
 * A list filter on one of a fixed set of values, "All" first. Only a listed value is reported
 * (anything else, "All" included, reports undefined, so the filter leaves the URL).
 */
export function ChoiceFilter<T extends string>({
  label,
  allLabel,
  value,
  choices,
  onChange,
  style,
  testId,
}: {
  label: string;
  allLabel: string;
  value: T | undefined;
  choices: ReadonlyArray<{ value: T; label: string }>;
  onChange: (next: T | undefined) => void;
  style?: CSSProperties;
  testId?: string;
}) {
  return (
    <NativeSelect
      label={label}
      value={value ?? ''}
      onChange={(e) => {
        const picked = e.currentTarget.value;
        onChange(choices.find((c) => c.value === picked)?.value);
      }}
      data={[{ value: '', label: allLabel }, ...choices]}
      style={style}
      data-testid={testId}
    />
  );
}
