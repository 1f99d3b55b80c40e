import { CERTIFICATE_KINDS, REVOKED_FILTERS, type CertificateListParams } from '@app/contracts/certificates';
import { Group, NativeSelect, TextInput } from '@mantine/core';
import { SearchFilter } from '../../../components/list-table/search-filter';
import { useT } from '../../../i18n/use-t';
import { dayEnd, dayStart, toDayInput } from '../../../lib/format/day-range';
import type { ListState } from '../../../lib/list-state/use-list-state';
import { KIND_LABELS } from './certificate-texts';

/** Search (member name, email, code), kind, revoked and issued-between, all in the URL. */
export function AdminCertificateFilters({ list }: { list: ListState<CertificateListParams> }) {
  const { t } = useT();
  const { q, kind, revoked, from, to } = list.params;
  const { setFilters } = list;

  return (
    <Group gap="md" align="flex-end" wrap="wrap" mb="md">
      <SearchFilter
        value={q}
        onSearch={(next) => setFilters({ q: next }, { replace: true })}
        label={t('CERTIFICATES.SEARCH.LABEL')}
        placeholder={t('CERTIFICATES.SEARCH.PLACEHOLDER')}
        testId="certificate-search"
      />
      <NativeSelect
        label={t('CERTIFICATES.COL.KIND')}
        value={kind ?? ''}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setFilters({ kind: CERTIFICATE_KINDS.find((k) => k === value) });
        }}
        data={[
          { value: '', label: t('CERTIFICATES.FILTER.ALL') },
          ...CERTIFICATE_KINDS.map((k) => ({ value: k, label: t(KIND_LABELS[k]) })),
        ]}
        style={{ flex: '0 1 180px' }}
        data-testid="certificate-kind-filter"
      />
      <NativeSelect
        label={t('CERTIFICATES.COL.STATUS')}
        value={revoked ?? ''}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setFilters({ revoked: REVOKED_FILTERS.find((r) => r === value) });
        }}
        data={[
          { value: '', label: t('CERTIFICATES.FILTER.ALL') },
          { value: 'no', label: t('CERTIFICATES.STATUS.VALID') },
          { value: 'yes', label: t('CERTIFICATES.STATUS.REVOKED') },
        ]}
        style={{ flex: '0 1 160px' }}
        data-testid="certificate-revoked-filter"
      />
      <TextInput
        type="date"
        label={t('CERTIFICATES.FILTER.FROM')}
        value={toDayInput(from)}
        onChange={(e) => setFilters({ from: dayStart(e.currentTarget.value) })}
        style={{ flex: '0 1 160px' }}
        data-testid="certificate-from"
      />
      <TextInput
        type="date"
        label={t('CERTIFICATES.FILTER.TO')}
        value={toDayInput(to, true)}
        onChange={(e) => setFilters({ to: dayEnd(e.currentTarget.value) })}
        style={{ flex: '0 1 160px' }}
        data-testid="certificate-to"
      />
    </Group>
  );
}
