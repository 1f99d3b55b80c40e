import type { AuditListParams } from '@app/contracts/audit';
import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { dayEnd, dayStart, toDayInput } from '../../../lib/format/day-range';
import type { ListState } from '../../../lib/list-state/use-list-state';
import { useAuditFacets } from '../api/get-audit-facets';

const TYPE_DEBOUNCE_MS = 300;

/** Actor, action, target and days, all in the URL; the choices come from the log itself. */
export function AuditFilters({ list }: { list: ListState<AuditListParams> }) {
  const { t } = useT();
  const facets = useAuditFacets().data;
  const { actorId, action, targetType, targetId, from, to } = list.params;
  const { setFilters } = list;

  const [text, setText] = useState(targetId ?? '');
  // What this box last wrote: a different value came from elsewhere (Clear filters, Back) and wins.
  const written = useRef(targetId);
  useEffect(() => {
    if (targetId !== written.current) {
      written.current = targetId;
      setText(targetId ?? '');
    }
  }, [targetId]);
  const pushTarget = useDebouncedCallback((value: string) => {
    const next = value.trim() || undefined;
    written.current = next;
    setFilters({ targetId: next }, { replace: true });
  }, TYPE_DEBOUNCE_MS);

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
        data={[all, ...(facets?.actions ?? [])]}
        style={{ flex: '1 1 180px', maxWidth: 260 }}
        data-testid="audit-action-filter"
      />
      <NativeSelect
        label={t('AUDIT.FILTER.TARGET_TYPE')}
        value={targetType ?? ''}
        onChange={(e) => setFilters({ targetType: e.currentTarget.value || undefined })}
        data={[all, ...(facets?.targetTypes ?? [])]}
        style={{ flex: '0 1 160px' }}
        data-testid="audit-target-type-filter"
      />
      <TextInput
        label={t('AUDIT.FILTER.TARGET_ID')}
        placeholder={t('AUDIT.FILTER.TARGET_ID_PLACEHOLDER')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          pushTarget(e.currentTarget.value);
        }}
        maxLength={100}
        style={{ flex: '1 1 200px', maxWidth: 320 }}
        data-testid="audit-target-id"
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
