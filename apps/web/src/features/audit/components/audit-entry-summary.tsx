import type { AuditEntry } from '@app/contracts/audit';
import { Stack, Text } from '@mantine/core';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { useAuditLabels } from '../model/use-audit-labels';

/**
 * One entry in a single cell, for a phone: when and who on one line, then what was done to which
 * record. The drawer has the rest (the actor's email, the target's id).
 */
export function AuditEntrySummary({ entry }: { entry: AuditEntry }) {
  const { t } = useT();
  const format = useFormat();
  const labels = useAuditLabels();
  const who = entry.actor ? entry.actor.name || entry.actor.email : t('AUDIT.ACTOR.SYSTEM');
  const target = labels.targetType(entry.targetType);
  return (
    <Stack gap={2} data-testid="audit-summary">
      <Text size="xs" c="dimmed">
        <time dateTime={entry.createdAt}>{format.dateTime(entry.createdAt)}</time> · {who}
      </Text>
      <Text size="sm" fw={600} title={entry.action} data-testid="audit-action">
        {labels.action(entry.action)}
      </Text>
      <Text size="sm" title={entry.targetId ?? undefined} style={{ overflowWrap: 'anywhere' }}>
        {entry.targetLabel ? `${target} · ${entry.targetLabel}` : target}
      </Text>
    </Stack>
  );
}
