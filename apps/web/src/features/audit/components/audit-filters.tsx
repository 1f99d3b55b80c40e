import type { AuditListParams } from '@app/contracts/audit';
import { ChoiceFilter } from '../../../components/list-table/choice-filter';
import { DayRangeFilter } from '../../../components/list-table/day-range-filter';
import { FilterPanel } from '../../../components/list-table/filter-panel';
import { SearchFilter } from '../../../components/list-table/search-filter';
import { useT } from '../../../i18n/use-t';
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

  const all = t('AUDIT.FILTER.ALL');
  return (
    <FilterPanel testId="audit-filters" list={list}>
      <ChoiceFilter
        label={t('AUDIT.COL.ACTOR')}
        allLabel={all}
        value={actorId}
        choices={(facets?.actors ?? []).map((a) => ({
          value: a.id,
          label: a.name ? `${a.name} (${a.email})` : a.email,
        }))}
        onChange={(next) => setFilters({ actorId: next })}
        style={{ flex: '1 1 220px', maxWidth: 320 }}
        testId="audit-actor-filter"
      />
      <ChoiceFilter
        label={t('AUDIT.COL.ACTION')}
        allLabel={all}
        value={action}
        choices={(facets?.actions ?? []).map((a) => ({ value: a, label: labels.action(a) }))}
        onChange={(next) => setFilters({ action: next })}
        style={{ flex: '1 1 180px', maxWidth: 260 }}
        testId="audit-action-filter"
      />
      <ChoiceFilter
        label={t('AUDIT.FILTER.TARGET_TYPE')}
        allLabel={all}
        value={targetType}
        choices={(facets?.targetTypes ?? []).map((tt) => ({ value: tt, label: labels.targetType(tt) }))}
        onChange={(next) => setFilters({ targetType: next })}
        style={{ flex: '0 1 160px' }}
        testId="audit-target-type-filter"
      />
      <SearchFilter
        value={targetId}
        onSearch={(next) => setFilters({ targetId: next }, { replace: true })}
        label={t('AUDIT.FILTER.TARGET_ID')}
        placeholder={t('AUDIT.FILTER.TARGET_ID_PLACEHOLDER')}
        testId="audit-target-id"
        style={{ flex: '1 1 200px', maxWidth: 320 }}
      />
      <DayRangeFilter
        from={from}
        to={to}
        fromLabel={t('AUDIT.FILTER.FROM')}
        toLabel={t('AUDIT.FILTER.TO')}
        onFromChange={(next) => setFilters({ from: next })}
        onToChange={(next) => setFilters({ to: next })}
        testIds={{ from: 'audit-from', to: 'audit-to' }}
      />
    </FilterPanel>
  );
}
