import type { AuditEntry } from '@app/contracts/audit';
import { Drawer, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { useAuditLabels } from '../model/use-audit-labels';
import { AuditActor } from './audit-actor';
import { AuditDiff } from './audit-diff';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** One audit entry: who, what, when, and the record before and after, field by field. */
export function AuditEntryDrawer({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const { t } = useT();
  const format = useFormat();
  const labels = useAuditLabels();
  return (
    <Drawer
      opened={entry !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        <Text component="span" fw={700} size="lg">
          {t('AUDIT.DRAWER.TITLE')}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t('COMMON.CLOSE') }}
    >
      {entry && (
        <Stack gap="md" data-testid="audit-drawer">
          <Stack gap="xs">
            <Row label={t('AUDIT.COL.WHEN')}>{format.dateTimeSeconds(entry.createdAt)}</Row>
            <Row label={t('AUDIT.COL.ACTOR')}>
              <AuditActor actor={entry.actor} />
            </Row>
            <Row label={t('AUDIT.COL.ACTION')}>
              <span title={entry.action}>{labels.action(entry.action)}</span>
            </Row>
            <Row label={t('AUDIT.COL.TARGET')}>
              {labels.targetType(entry.targetType)}
              {entry.targetId && (
                <Text size="xs" c="dimmed" ff="monospace">
                  {entry.targetId}
                </Text>
              )}
            </Row>
          </Stack>
          <Title order={3} size="h5">
            {t('AUDIT.DRAWER.CHANGES')}
          </Title>
          <AuditDiff before={entry.before} after={entry.after} />
        </Stack>
      )}
    </Drawer>
  );
}
