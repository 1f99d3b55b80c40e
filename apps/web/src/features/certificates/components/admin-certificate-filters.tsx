import { CERTIFICATE_KINDS, type CertificateListParams } from '@app/contracts/certificates';
import { ChoiceFilter } from '../../../components/list-table/choice-filter';
import { DayRangeFilter } from '../../../components/list-table/day-range-filter';
import { FilterPanel } from '../../../components/list-table/filter-panel';
import { useT } from '../../../i18n/use-t';
import type { ListState } from '../../../lib/list-state/use-list-state';
import { KIND_LABELS } from './certificate-texts';

/** Search (member name, email, code), kind, revoked and issued-between, all in the URL. */
export function AdminCertificateFilters({ list }: { list: ListState<CertificateListParams> }) {
  const { t } = useT();
  const { kind, revoked, from, to } = list.params;
  const { setFilters } = list;

  return (
    <FilterPanel
      testId="certificate-filters"
      list={list}
      search={{
        label: t('CERTIFICATES.SEARCH.LABEL'),
        placeholder: t('CERTIFICATES.SEARCH.PLACEHOLDER'),
        testId: 'certificate-search',
      }}
    >
      <ChoiceFilter
        label={t('CERTIFICATES.COL.KIND')}
        allLabel={t('CERTIFICATES.FILTER.ALL')}
        value={kind}
        choices={CERTIFICATE_KINDS.map((k) => ({ value: k, label: t(KIND_LABELS[k]) }))}
        onChange={(next) => setFilters({ kind: next })}
        style={{ flex: '0 1 180px' }}
        testId="certificate-kind-filter"
      />
      <ChoiceFilter
        label={t('CERTIFICATES.COL.STATUS')}
        allLabel={t('CERTIFICATES.FILTER.ALL')}
        value={revoked}
        choices={[
          { value: 'no', label: t('CERTIFICATES.STATUS.VALID') },
          { value: 'yes', label: t('CERTIFICATES.STATUS.REVOKED') },
        ]}
        onChange={(next) => setFilters({ revoked: next })}
        style={{ flex: '0 1 160px' }}
        testId="certificate-revoked-filter"
      />
      <DayRangeFilter
        from={from}
        to={to}
        fromLabel={t('CERTIFICATES.FILTER.FROM')}
        toLabel={t('CERTIFICATES.FILTER.TO')}
        onFromChange={(next) => setFilters({ from: next })}
        onToChange={(next) => setFilters({ to: next })}
        testIds={{ from: 'certificate-from', to: 'certificate-to' }}
      />
    </FilterPanel>
  );
}
