import { NativeSelect } from '@mantine/core';
import type { CSSProperties } from 'react';

/**
 * Which time a list's date range bounds (created, paid, …). Choosing `defaultField` reports
 * undefined, so the default leaves the URL.
 */
export function DateFieldSelect<F extends string>({
  fields,
  defaultField,
  value,
  onChange,
  optionLabel,
  label,
  testId,
  style,
}: {
  fields: readonly F[];
  defaultField: F;
  value: F | undefined;
  onChange: (next: F | undefined) => void;
  optionLabel: (field: F) => string;
  label: string;
  testId: string;
  style?: CSSProperties;
}) {
  return (
    <NativeSelect
      label={label}
      value={value ?? defaultField}
      onChange={(e) => {
        const picked = e.currentTarget.value;
        onChange(fields.find((f) => f === picked && f !== defaultField));
      }}
      data={fields.map((f) => ({ value: f, label: optionLabel(f) }))}
      style={style}
      data-testid={testId}
    />
  );
}
