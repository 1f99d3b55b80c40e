import {
  ORDER_DATE_FIELDS,
  ORDER_STATUSES,
  PAYMENT_PROVIDERS,
  type OrderDateField,
  type OrderListParams,
} from '@app/contracts/commerce';
import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { ORDER_STATUS_LABELS } from '../../../components/commerce/order-status-badge';
import { ChoiceFilter } from '../../../components/list-table/choice-filter';
import { DateFieldSelect } from '../../../components/list-table/date-field-select';
import { DayRangeFilter } from '../../../components/list-table/day-range-filter';
import { FilterPanel } from '../../../components/list-table/filter-panel';
import { useT } from '../../../i18n/use-t';
import type { MessageId } from '../../../i18n/messages';
import type { ListState } from '../../../lib/list-state/use-list-state';
import { useChallengeOptions } from '../api/list-challenges';
import { PROVIDER_LABELS } from './provider-labels';

/** The time the date range bounds: its name, and the labels of the two days that say so. */
const DATE_FIELD_LABELS: Record<OrderDateField, { name: MessageId; from: MessageId; to: MessageId }> = {
  createdAt: { name: 'ORDERS.FILTER.DATE.CREATED_AT', from: 'ORDERS.FILTER.FROM', to: 'ORDERS.FILTER.TO' },
  paidAt: { name: 'ORDERS.FILTER.DATE.PAID_AT', from: 'ORDERS.FILTER.PAID_FROM', to: 'ORDERS.FILTER.PAID_TO' },
  refundedAt: {
    name: 'ORDERS.FILTER.DATE.REFUNDED_AT',
    from: 'ORDERS.FILTER.REFUNDED_FROM',
    to: 'ORDERS.FILTER.REFUNDED_TO',
  },
};

/**
 * Search (number, email, name), status, challenge, provider and a date range on the created, paid
 * or refunded time (the dashboard's figures link here by payment time), all in the URL.
 */
export function OrderFilters({
  list,
  onExport,
  exporting,
}: {
  list: ListState<OrderListParams>;
  onExport: () => void;
  exporting: boolean;
}) {
  const { t } = useT();
  const challenges = useChallengeOptions();
  const { status, challengeId, provider, dateField, from, to } = list.params;
  const dates = DATE_FIELD_LABELS[dateField ?? 'createdAt'];
  const { setFilters } = list;

  return (
    <FilterPanel
      testId="order-filters"
      list={list}
      search={{ label: t('ORDERS.SEARCH.LABEL'), placeholder: t('ORDERS.SEARCH.PLACEHOLDER'), testId: 'order-search' }}
      actions={
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          onClick={onExport}
          loading={exporting}
          data-testid="order-export"
        >
          {t('ORDERS.EXPORT')}
        </Button>
      }
    >
      <ChoiceFilter
        label={t('ORDERS.FILTER.STATUS')}
        allLabel={t('ORDERS.FILTER.ALL')}
        value={status}
        choices={ORDER_STATUSES.map((s) => ({ value: s, label: t(ORDER_STATUS_LABELS[s]) }))}
        onChange={(next) => setFilters({ status: next })}
        style={{ flex: '0 1 160px' }}
        testId="order-status-filter"
      />
      <ChoiceFilter
        label={t('ORDERS.FILTER.CHALLENGE')}
        allLabel={t('ORDERS.FILTER.ALL')}
        value={challengeId}
        choices={(challenges.data?.challenges ?? []).map((c) => ({ value: c.id, label: c.name }))}
        onChange={(next) => setFilters({ challengeId: next })}
        style={{ flex: '0 1 200px' }}
        testId="order-challenge-filter"
      />
      <ChoiceFilter
        label={t('ORDERS.FILTER.PROVIDER')}
        allLabel={t('ORDERS.FILTER.ALL')}
        value={provider}
        choices={PAYMENT_PROVIDERS.map((p) => ({ value: p, label: t(PROVIDER_LABELS[p]) }))}
        onChange={(next) => setFilters({ provider: next })}
        style={{ flex: '0 1 160px' }}
        testId="order-provider-filter"
      />
      <DateFieldSelect
        label={t('ORDERS.FILTER.DATE_FIELD')}
        fields={ORDER_DATE_FIELDS}
        defaultField="createdAt"
        value={dateField}
        onChange={(next) => setFilters({ dateField: next })}
        optionLabel={(f) => t(DATE_FIELD_LABELS[f].name)}
        style={{ flex: '0 1 220px' }}
        testId="order-date-field"
      />
      <DayRangeFilter
        from={from}
        to={to}
        fromLabel={t(dates.from)}
        toLabel={t(dates.to)}
        onFromChange={(next) => setFilters({ from: next })}
        onToChange={(next) => setFilters({ to: next })}
        testIds={{ from: 'order-from', to: 'order-to' }}
      />
    </FilterPanel>
  );
}
