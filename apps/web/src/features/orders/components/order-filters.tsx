import {
  ORDER_DATE_FIELDS,
  ORDER_STATUSES,
  PAYMENT_PROVIDERS,
  type OrderDateField,
  type OrderListParams,
} from '@app/contracts/commerce';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { ORDER_STATUS_LABELS } from '../../../components/commerce/order-status-badge';
import { DateFieldSelect } from '../../../components/list-table/date-field-select';
import { SearchFilter } from '../../../components/list-table/search-filter';
import { useT } from '../../../i18n/use-t';
import type { MessageId } from '../../../i18n/messages';
import type { ListState } from '../../../lib/list-state/use-list-state';
import { useChallengeOptions } from '../api/list-challenges';
import { dayEnd, dayStart, toDayInput } from '../../../lib/format/day-range';
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
  const { q, status, challengeId, provider, dateField, from, to } = list.params;
  const dates = DATE_FIELD_LABELS[dateField ?? 'createdAt'];
  const { setFilters } = list;

  return (
    <Group gap="md" align="flex-end" wrap="wrap" mb="md">
      <SearchFilter
        value={q}
        onSearch={(next) => setFilters({ q: next }, { replace: true })}
        label={t('ORDERS.SEARCH.LABEL')}
        placeholder={t('ORDERS.SEARCH.PLACEHOLDER')}
        testId="order-search"
      />
      <NativeSelect
        label={t('ORDERS.FILTER.STATUS')}
        value={status ?? ''}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setFilters({ status: ORDER_STATUSES.find((s) => s === value) });
        }}
        data={[
          { value: '', label: t('ORDERS.FILTER.ALL') },
          ...ORDER_STATUSES.map((s) => ({ value: s, label: t(ORDER_STATUS_LABELS[s]) })),
        ]}
        style={{ flex: '0 1 160px' }}
        data-testid="order-status-filter"
      />
      <NativeSelect
        label={t('ORDERS.FILTER.CHALLENGE')}
        value={challengeId ?? ''}
        onChange={(e) => setFilters({ challengeId: e.currentTarget.value || undefined })}
        data={[
          { value: '', label: t('ORDERS.FILTER.ALL') },
          ...(challenges.data?.challenges ?? []).map((c) => ({ value: c.id, label: c.name })),
        ]}
        style={{ flex: '0 1 200px' }}
        data-testid="order-challenge-filter"
      />
      <NativeSelect
        label={t('ORDERS.FILTER.PROVIDER')}
        value={provider ?? ''}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setFilters({ provider: PAYMENT_PROVIDERS.find((p) => p === value) });
        }}
        data={[
          { value: '', label: t('ORDERS.FILTER.ALL') },
          ...PAYMENT_PROVIDERS.map((p) => ({ value: p, label: t(PROVIDER_LABELS[p]) })),
        ]}
        style={{ flex: '0 1 160px' }}
        data-testid="order-provider-filter"
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
      <TextInput
        type="date"
        label={t(dates.from)}
        value={toDayInput(from)}
        onChange={(e) => setFilters({ from: dayStart(e.currentTarget.value) })}
        style={{ flex: '0 1 160px' }}
        data-testid="order-from"
      />
      <TextInput
        type="date"
        label={t(dates.to)}
        value={toDayInput(to, true)}
        onChange={(e) => setFilters({ to: dayEnd(e.currentTarget.value) })}
        style={{ flex: '0 1 160px' }}
        data-testid="order-to"
      />
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
        onClick={onExport}
        loading={exporting}
        data-testid="order-export"
      >
        {t('ORDERS.EXPORT')}
      </Button>
    </Group>
  );
}
