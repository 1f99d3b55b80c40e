import { ORDER_STATUSES, PAYMENT_PROVIDERS, type OrderListParams } from '@app/contracts/commerce';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { ORDER_STATUS_LABELS } from '../../../components/commerce/order-status-badge';
import { SearchFilter } from '../../../components/list-table/search-filter';
import { useT } from '../../../i18n/use-t';
import type { ListState } from '../../../lib/list-state/use-list-state';
import { useChallengeOptions } from '../api/list-challenges';
import { dayEnd, dayStart, toDayInput } from '../../../lib/format/day-range';
import { PROVIDER_LABELS } from './provider-labels';

/** Search (number, email, name), status, challenge, provider and created-between, all in the URL. */
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
  const { q, status, challengeId, provider, from, to } = list.params;
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
      <TextInput
        type="date"
        label={t('ORDERS.FILTER.FROM')}
        value={toDayInput(from)}
        onChange={(e) => setFilters({ from: dayStart(e.currentTarget.value) })}
        style={{ flex: '0 1 160px' }}
        data-testid="order-from"
      />
      <TextInput
        type="date"
        label={t('ORDERS.FILTER.TO')}
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
