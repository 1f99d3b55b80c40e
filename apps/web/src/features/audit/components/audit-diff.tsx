import { Code, Table, Text } from '@mantine/core';
import { useT } from '../../../i18n/use-t';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value as compact JSON; absent is an empty cell, not the word "undefined". */
const show = (v: unknown) => (v === undefined ? '' : JSON.stringify(v));

/** A cell: the value as code, or a dash where the field did not exist on that side. */
function ValueCell({ value }: { value: unknown }) {
  if (value === undefined) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return <Code style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{show(value)}</Code>;
}

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
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useT();
  const rows = diffRows(before, after);
  if (before === null && after === null) {
    return (
      <Text size="sm" c="dimmed">
        {t('AUDIT.DIFF.NONE')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={420}>
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
                <Text size="sm" fw={r.changed ? 700 : 400}>
                  {r.field || '—'}
                  {r.changed && (
                    <Text span size="xs" c="dimmed" ml={6}>
                      ({t('AUDIT.DIFF.CHANGED')})
                    </Text>
                  )}
                </Text>
              </Table.Td>
              <Table.Td>
                <ValueCell value={r.before} />
              </Table.Td>
              <Table.Td>
                <ValueCell value={r.after} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
