import {
  PAYOUT_DATE_FIELDS,
  PAYOUT_METHODS,
  PAYOUT_STATUSES,
  type PayoutDateField,
  type PayoutListParams,
} from '@app/contracts/payouts';
import { NumberInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { ChoiceFilter } from '../../../components/list-table/choice-filter';
import { DateFieldSelect } from '../../../components/list-table/date-field-select';
import { DayRangeFilter } from '../../../components/list-table/day-range-filter';
import { FilterPanel } from '../../../components/list-table/filter-panel';
import { useT } from '../../../i18n/use-t';
import type { MessageId } from '../../../i18n/messages';
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
  const { status, method, dateField, from, to, minAmount, maxAmount } = list.params;
  const dates = DATE_FIELD_LABELS[dateField ?? 'requestedAt'];
  const { setFilters } = list;
  const pushAmount = useDebouncedCallback(
    (key: 'minAmount' | 'maxAmount', v: string | number) => setFilters({ [key]: toCents(v) }, { replace: true }),
    SEARCH_DEBOUNCE_MS,
  );

  return (
    <FilterPanel
      testId="payout-filters"
      list={list}
      search={{
        label: t('PAYOUTS.SEARCH.LABEL'),
        placeholder: t('PAYOUTS.SEARCH.PLACEHOLDER'),
        testId: 'payout-search',
      }}
    >
      <ChoiceFilter
        label={t('PAYOUT.COL.STATUS')}
        allLabel={t('PAYOUTS.FILTER.ALL')}
        value={status}
        choices={PAYOUT_STATUSES.map((s) => ({ value: s, label: t(PAYOUT_STATUS_LABELS[s]) }))}
        onChange={(next) => setFilters({ status: next })}
        style={{ flex: '0 1 160px' }}
        testId="payout-status-filter"
      />
      <ChoiceFilter
        label={t('PAYOUT.COL.METHOD')}
        allLabel={t('PAYOUTS.FILTER.ALL')}
        value={method}
        choices={PAYOUT_METHODS.map((m) => ({ value: m, label: t(METHOD_LABELS[m]) }))}
        onChange={(next) => setFilters({ method: next })}
        style={{ flex: '0 1 160px' }}
        testId="payout-method-filter"
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
      <DayRangeFilter
        from={from}
        to={to}
        fromLabel={t(dates.from)}
        toLabel={t(dates.to)}
        onFromChange={(next) => setFilters({ from: next })}
        onToChange={(next) => setFilters({ to: next })}
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
    </FilterPanel>
  );
}
