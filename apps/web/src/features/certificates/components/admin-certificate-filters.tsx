import { CERTIFICATE_KINDS, REVOKED_FILTERS, type CertificateListParams } from '@app/contracts/certificates';
import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { dayEnd, dayStart, toDayInput } from '../../../lib/format/day-range';
import type { ListState } from '../../../lib/list-state/use-list-state';
import { KIND_LABELS } from './certificate-texts';

const SEARCH_DEBOUNCE_MS = 300;

/** Search (member name, email, code), kind, revoked and issued-between, all in the URL. */
export function AdminCertificateFilters({ list }: { list: ListState<CertificateListParams> }) {
  const { t } = useT();
  const { q, kind, revoked, from, to } = list.params;
  const [text, setText] = useState(q ?? '');
  // What this box last wrote: a different `q` came from elsewhere (Clear filters, Back) and wins.
  const written = useRef(q);
  useEffect(() => {
    if (q !== written.current) {
      written.current = q;
      setText(q ?? '');
    }
  }, [q]);
  const { setFilters } = list;
  const pushSearch = useDebouncedCallback((value: string) => {
    const next = value.trim() || undefined;
    written.current = next;
    setFilters({ q: next }, { replace: true });
  }, SEARCH_DEBOUNCE_MS);

  return (
    <Group gap="md" align="flex-end" wrap="wrap" mb="md">
      <TextInput
        label={t('CERTIFICATES.SEARCH.LABEL')}
        placeholder={t('CERTIFICATES.SEARCH.PLACEHOLDER')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          pushSearch(e.currentTarget.value);
        }}
        type="search"
        maxLength={100}
        style={{ flex: '1 1 240px', maxWidth: 360 }}
        data-testid="certificate-search"
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
