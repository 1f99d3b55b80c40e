import type { AuditEntry } from '@app/contracts/audit';
import { Stack, Title } from '@mantine/core';
import { DetailDrawer, DetailRow } from '../../../components/detail-drawer';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { useAuditLabels } from '../model/use-audit-labels';
import { AuditActor } from './audit-actor';
import { AuditDiff } from './audit-diff';
import { AuditTarget } from './audit-target';
import { valuesKindOf } from '../model/audit-fields';

/** One audit entry: who, what, when, and the record before and after, field by field. */
export function AuditEntryDrawer({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const { t } = useT();
  const format = useFormat();
  const labels = useAuditLabels();
  return (
    <DetailDrawer opened={entry !== null} onClose={onClose} title={t('AUDIT.DRAWER.TITLE')} ready={entry !== null}>
      {entry && (
        <Stack gap="md" data-testid="audit-drawer">
          <Stack gap="xs">
            <DetailRow strong={false} label={t('AUDIT.COL.WHEN')}>
              {format.dateTimeSeconds(entry.createdAt)}
            </DetailRow>
            <DetailRow strong={false} label={t('AUDIT.COL.ACTOR')}>
              <AuditActor actor={entry.actor} />
            </DetailRow>
            <DetailRow strong={false} label={t('AUDIT.COL.ACTION')}>
              <span title={entry.action}>{labels.action(entry.action)}</span>
            </DetailRow>
            <DetailRow strong={false} label={t('AUDIT.COL.TARGET')}>
              <AuditTarget entry={entry} withId />
            </DetailRow>
          </Stack>
          <Title order={3} size="h5">
            {t('AUDIT.DRAWER.CHANGES')}
          </Title>
          <AuditDiff
            before={entry.before}
            after={entry.after}
            targetType={valuesKindOf(entry.action, entry.targetType)}
          />
        </Stack>
      )}
    </DetailDrawer>
  );
}
