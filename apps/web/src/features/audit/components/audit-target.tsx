import type { AuditEntry } from '@app/contracts/audit';
import { Stack, Text } from '@mantine/core';
import { useAuditLabels } from '../model/use-audit-labels';

type Target = Pick<AuditEntry, 'targetType' | 'targetId' | 'targetLabel'>;

/**
 * What the entry is about: the kind of record and what people call it (an email, an order number),
 * the id on hover; the id itself where the record has no name, and always with `withId`.
 */
export function AuditTarget({ entry, withId = false }: { entry: Target; withId?: boolean }) {
  const labels = useAuditLabels();
  const { targetType, targetId, targetLabel } = entry;
  const showId = targetId && (withId || !targetLabel);
  return (
    <Stack gap={0}>
      <Text size="sm" title={targetType} data-testid="audit-target-type">
        {labels.targetType(targetType)}
      </Text>
      {targetLabel && (
        <Text
          size="sm"
          fw={500}
          title={targetId ?? undefined}
          style={{ overflowWrap: 'anywhere' }}
          data-testid="audit-target-label"
        >
          {targetLabel}
        </Text>
      )}
      {showId && (
        <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="audit-target-ref">
          {targetId}
        </Text>
      )}
    </Stack>
  );
}
