import {
  PAYOUT_DATE_FIELDS,
  PAYOUT_METHODS,
  PAYOUT_STATUSES,
  type PayoutDateField,
  type PayoutListParams,
} from '@app/contracts/payouts';
import { Group, NativeSelect, NumberInput, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { DateFieldSelect } from '../../../components/list-table/date-field-select';
import { SearchFilter } from '../../../components/list-table/search-filter';
import { useT } from '../../../i18n/use-t';
import type { MessageId } from '../../../i18n/messages';
import { dayEnd, dayStart, toDayInput } from '../../../lib/format/day-range';
import type { ListState } from '../../../lib/list-state/use-list-state';
import { METHOD_LABELS } from './payout-request-dialog';
import { PAYOUT_STATUS_LABELS } from './payout-status';

const SEARCH_DEBOUNCE_MS = 300;
const toCents = (v: string | number) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v * 100) : undefined);

/** The time the date range bounds: its name, and the labels of the two days that say so. */
const DATE_FIELD_LABELS: Record<PayoutDateField, { name: MessageId; from: MessageId; to: MessageId }> = {
  requestedAt: { name: 'PAYOUTS.FILTER.DATE.REQUESTED_AT', from: 'PAYOUTS.FILTER.FROM', to: 'PAYOUTS.FILTER.TO' },
  paidAt: { name: 'PAYOUTS.FILTER.DATE.PAID_AT', from: 'PAYOUTS.FILTER.PAID_FROM', to: 'PAYOUTS.FILTER.PAID_TO' },
};

/**
 * Search (member email or name), status, method, a date range on the request or payment time (the
 * dashboard's payouts paid link here by payment time) and amount range, all in the URL.
 */
export function QueueFilters({ list }: { list: ListState<PayoutListParams> }) {
  const { t } = useT();
  const { q, status, method, dateField, from, to, minAmount, maxAmount } = list.params;
  const dates = DATE_FIELD_LABELS[dateField ?? 'requestedAt'];
  const { setFilters } = list;
  const pushAmount = useDebouncedCallback(
    (key: 'minAmount' | 'maxAmount', v: string | number) => setFilters({ [key]: toCents(v) }, { replace: true }),
    SEARCH_DEBOUNCE_MS,
  );

  return (
    <Group gap="md" align="flex-end" wrap="wrap" mb="md">
      <SearchFilter
        value={q}
        onSearch={(next) => setFilters({ q: next }, { replace: true })}
        label={t('PAYOUTS.SEARCH.LABEL')}
        placeholder={t('PAYOUTS.SEARCH.PLACEHOLDER')}
        testId="payout-search"
      />
      <NativeSelect
        label={t('PAYOUT.COL.STATUS')}
        value={status ?? ''}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setFilters({ status: PAYOUT_STATUSES.find((s) => s === value) });
        }}
        data={[
          { value: '', label: t('PAYOUTS.FILTER.ALL') },
          ...PAYOUT_STATUSES.map((s) => ({ value: s, label: t(PAYOUT_STATUS_LABELS[s]) })),
        ]}
        style={{ flex: '0 1 160px' }}
        data-testid="payout-status-filter"
      />
      <NativeSelect
        label={t('PAYOUT.COL.METHOD')}
        value={method ?? ''}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setFilters({ method: PAYOUT_METHODS.find((m) => m === value) });
        }}
        data={[
          { value: '', label: t('PAYOUTS.FILTER.ALL') },
          ...PAYOUT_METHODS.map((m) => ({ value: m, label: t(METHOD_LABELS[m]) })),
        ]}
        style={{ flex: '0 1 160px' }}
        data-testid="payout-method-filter"
      />
      <DateFieldSelect
        label={t('PAYOUTS.FILTER.DATE_FIELD')}
        fields={PAYOUT_DATE_FIELDS}
        defaultField="requestedAt"
        value={dateField}
        onChange={(next) => setFilters({ dateField: next })}
        optionLabel={(f) => t(DATE_FIELD_LABELS[f].name)}
        style={{ flex: '0 1 160px' }}
        testId="payout-date-field"
      />
      <TextInput
        type="date"
        label={t(dates.from)}
        value={toDayInput(from)}
        onChange={(e) => setFilters({ from: dayStart(e.currentTarget.value) })}
        style={{ flex: '0 1 160px' }}
      />
      <TextInput
        type="date"
        label={t(dates.to)}
        value={toDayInput(to, true)}
        onChange={(e) => setFilters({ to: dayEnd(e.currentTarget.value) })}
        style={{ flex: '0 1 160px' }}
      />
      <NumberInput
        label={t('PAYOUTS.FILTER.MIN')}
        defaultValue={minAmount === undefined ? '' : minAmount / 100}
        onChange={(v) => pushAmount('minAmount', v)}
        min={0}
        decimalScale={2}
        style={{ flex: '0 1 130px' }}
        data-testid="payout-min-amount"
      />
      <NumberInput
        label={t('PAYOUTS.FILTER.MAX')}
        defaultValue={maxAmount === undefined ? '' : maxAmount / 100}
        onChange={(v) => pushAmount('maxAmount', v)}
        min={0}
        decimalScale={2}
        style={{ flex: '0 1 130px' }}
      />
    </Group>
  );
}
