import { Code, Table, Text } from '@mantine/core';
import { useT } from '../../../i18n/use-t';
import { useAuditValues, type ShownValue } from '../model/use-audit-values';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A value as compact JSON, to tell changed from unchanged. Absent and null both read "none": a record
 * created with an empty field (before it, nothing) has not changed that field.
 */
const show = (v: unknown) => (v === undefined || v === null ? '' : JSON.stringify(v));

/** A cell: words, JSON as code where the value has no reading of its own, a dim dash for none. */
function ValueCell({ value }: { value: ShownValue }) {
  if (value.code) return <Code style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{value.text}</Code>;
  return (
    <Text size="sm" c={value.empty ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
      {value.text}
    </Text>
  );
}

/** The currency the record's money is in, from its own side first. */
const currencyOf = (own: unknown, other: unknown) =>
  (isRecord(own) ? own.currency : undefined) ?? (isRecord(other) ? other.currency : undefined);

export interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

/** Field by field when both sides are records (every key of either), else the two values whole. */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  if (!isRecord(before) && !isRecord(after)) {
    return [
      { field: '', before: before ?? undefined, after: after ?? undefined, changed: show(before) !== show(after) },
    ];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].sort();
  return fields.map((field) => ({
    field,
    before: b[field],
    after: a[field],
    changed: show(b[field]) !== show(a[field]),
  }));
}

/** Before and after side by side; changed fields are marked (in words and colour, not colour alone). */
export function AuditDiff({ before, after, targetType }: { before: unknown; after: unknown; targetType: string }) {
  const { t } = useT();
  const values = useAuditValues();
  const rows = diffRows(before, after);
  const beforeContext = { targetType, currency: currencyOf(before, after) };
  const afterContext = { targetType, currency: currencyOf(after, before) };
  if (before === null && after === null) {
    return (
      <Text size="sm" c="dimmed">
        {t('AUDIT.DIFF.NONE')}
      </Text>
    );
  }
  return (
    // Narrow enough for a phone's drawer (343 px at 375): long values wrap in their cell instead.
    <Table.ScrollContainer minWidth={300} scrollAreaProps={{ type: 'auto' }}>
      <Table withTableBorder striped={false} verticalSpacing="xs" data-testid="audit-diff">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('AUDIT.DIFF.FIELD')}</Table.Th>
            <Table.Th>{t('AUDIT.DIFF.BEFORE')}</Table.Th>
            <Table.Th>{t('AUDIT.DIFF.AFTER')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr
              key={r.field || '-'}
              data-changed={r.changed || undefined}
              style={r.changed ? { background: 'var(--mantine-color-yellow-light)' } : undefined}
            >
              <Table.Td>
                <Text size="sm" fw={r.changed ? 700 : 400} title={r.field || undefined}>
                  {r.field ? values.label(r.field) : '—'}
                  {r.changed && (
                    <Text span size="xs" c="dimmed" ml={6}>
                      ({t('AUDIT.DIFF.CHANGED')})
                    </Text>
                  )}
                </Text>
              </Table.Td>
              <Table.Td>
                <ValueCell value={values.value(r.field, r.before, beforeContext)} />
              </Table.Td>
              <Table.Td>
                <ValueCell value={values.value(r.field, r.after, afterContext)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
