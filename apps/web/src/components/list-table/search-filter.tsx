import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState, type CSSProperties } from 'react';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * A list's free-text filter: typed freely, pushed to the URL (trimmed, empty = none) 300 ms after
 * the last key, replacing the history entry. A `value` that changes from elsewhere (Clear filters,
 * Back) replaces what is typed.
 */
export function SearchFilter({
  value,
  onSearch,
  label,
  placeholder,
  testId,
  style = { flex: '1 1 240px', maxWidth: 360 },
}: {
  value: string | undefined;
  onSearch: (next: string | undefined) => void;
  label: string;
  placeholder: string;
  testId: string;
  style?: CSSProperties;
}) {
  const [text, setText] = useState(value ?? '');
  // What this box last wrote: a different value came from elsewhere and wins.
  const written = useRef(value);
  useEffect(() => {
    if (value !== written.current) {
      written.current = value;
      setText(value ?? '');
    }
  }, [value]);
  const push = useDebouncedCallback((typed: string) => {
    const next = typed.trim() || undefined;
    written.current = next;
    onSearch(next);
  }, SEARCH_DEBOUNCE_MS);

  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        push(e.currentTarget.value);
      }}
      type="search"
      maxLength={100}
      style={style}
      data-testid={testId}
    />
  );
}
