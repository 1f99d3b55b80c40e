import type { AuditActor as Actor } from '@app/contracts/audit';
import { Stack, Text } from '@mantine/core';
import { useT } from '../../../i18n/use-t';

/** Who made the change: the staff member, or the platform itself (no actor). */
export function AuditActor({ actor }: { actor: Actor | null }) {
  const { t } = useT();
  if (!actor) {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {t('AUDIT.ACTOR.SYSTEM')}
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {actor.name || actor.email}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {actor.email}
      </Text>
    </Stack>
  );
}
