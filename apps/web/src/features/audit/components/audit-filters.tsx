import type { AuditListParams } from '@app/contracts/audit';
import { Group, NativeSelect, TextInput } from '@mantine/core';
import { SearchFilter } from '../../../components/list-table/search-filter';
import { useT } from '../../../i18n/use-t';
import { dayEnd, dayStart, toDayInput } from '../../../lib/format/day-range';
import type { ListState } from '../../../lib/list-state/use-list-state';
import { useAuditFacets } from '../api/get-audit-facets';
import { useAuditLabels } from '../model/use-audit-labels';

/** Actor, action, target and days, all in the URL; the choices come from the log itself. */
export function AuditFilters({ list }: { list: ListState<AuditListParams> }) {
  const { t } = useT();
  const labels = useAuditLabels();
  const facets = useAuditFacets().data;
  const { actorId, action, targetType, targetId, from, to } = list.params;
  const { setFilters } = list;

  const all = { value: '', label: t('AUDIT.FILTER.ALL') };
  return (
    <Group gap="md" align="flex-end" wrap="wrap" mb="md">
      <NativeSelect
        label={t('AUDIT.COL.ACTOR')}
        value={actorId ?? ''}
        onChange={(e) => setFilters({ actorId: e.currentTarget.value || undefined })}
        data={[
          all,
          ...(facets?.actors ?? []).map((a) => ({ value: a.id, label: a.name ? `${a.name} (${a.email})` : a.email })),
        ]}
        style={{ flex: '1 1 220px', maxWidth: 320 }}
        data-testid="audit-actor-filter"
      />
      <NativeSelect
        label={t('AUDIT.COL.ACTION')}
        value={action ?? ''}
        onChange={(e) => setFilters({ action: e.currentTarget.value || undefined })}
        data={[all, ...(facets?.actions ?? []).map((a) => ({ value: a, label: labels.action(a) }))]}
        style={{ flex: '1 1 180px', maxWidth: 260 }}
        data-testid="audit-action-filter"
      />
      <NativeSelect
        label={t('AUDIT.FILTER.TARGET_TYPE')}
        value={targetType ?? ''}
        onChange={(e) => setFilters({ targetType: e.currentTarget.value || undefined })}
        data={[all, ...(facets?.targetTypes ?? []).map((tt) => ({ value: tt, label: labels.targetType(tt) }))]}
        style={{ flex: '0 1 160px' }}
        data-testid="audit-target-type-filter"
      />
      <SearchFilter
        value={targetId}
        onSearch={(next) => setFilters({ targetId: next }, { replace: true })}
        label={t('AUDIT.FILTER.TARGET_ID')}
        placeholder={t('AUDIT.FILTER.TARGET_ID_PLACEHOLDER')}
        testId="audit-target-id"
        style={{ flex: '1 1 200px', maxWidth: 320 }}
      />
      <TextInput
        label={t('AUDIT.FILTER.FROM')}
        type="date"
        value={toDayInput(from)}
        onChange={(e) => setFilters({ from: dayStart(e.currentTarget.value) })}
        style={{ flex: '0 1 160px' }}
        data-testid="audit-from"
      />
      <TextInput
        label={t('AUDIT.FILTER.TO')}
        type="date"
        value={toDayInput(to, true)}
        onChange={(e) => setFilters({ to: dayEnd(e.currentTarget.value) })}
        style={{ flex: '0 1 160px' }}
        data-testid="audit-to"
      />
    </Group>
  );
}
