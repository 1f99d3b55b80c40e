import { discountCodeListQuerySchema, type DiscountCode } from '@app/contracts/commerce';
import { Button, Group } from '@mantine/core';
import { IconDiscount, IconPlus } from '@tabler/icons-react';
import { useCallback } from 'react';
import { ListTable } from '../../../components/list-table/list-table';
import { useT } from '../../../i18n/use-t';
import { useListState } from '../../../lib/list-state/use-list-state';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDiscountCodes } from '../api/list-discount-codes';
import { useSetDiscountCodeActive } from '../api/set-discount-code-active';
import { useDiscountCodeColumns } from './discount-code-columns';
import { DiscountCodeForm } from './discount-code-form';

/** The discount codes: every staff role reads them; ADMIN creates and switches them. */
export function DiscountCodesTab({
  canWrite,
  creating,
  setCreating,
}: {
  canWrite: boolean;
  creating: boolean;
  setCreating: (open: boolean) => void;
}) {
  const { t, tError } = useT();
  const list = useListState(discountCodeListQuerySchema);
  const query = useDiscountCodes(list.params);
  const toggle = useSetDiscountCodeActive();
  const { mutateAsync } = toggle;
  const onToggle = useCallback(
    (c: DiscountCode, active: boolean) =>
      void mutateAsync({ id: c.id, active })
        .then(() =>
          toastSuccess(t(active ? 'DISCOUNTS.ACTIVE.ON_DONE' : 'DISCOUNTS.ACTIVE.OFF_DONE', { code: c.code })),
        )
        .catch((error: unknown) => toastError(tError(error, 'DISCOUNTS.ACTIVE.FAILED'))),
    [mutateAsync, t, tError],
  );
  const columns = useDiscountCodeColumns({ canWrite, onToggle });
  const newButton = canWrite && (
    <Button
      leftSection={<IconPlus size={16} aria-hidden />}
      onClick={() => setCreating(true)}
      data-testid="discount-new"
    >
      {t('DISCOUNTS.CREATE.TITLE')}
    </Button>
  );

  return (
    <>
      <Group justify="flex-end" mb="md">
        {newButton}
      </Group>
      <ListTable
        label={t('DISCOUNTS.TITLE')}
        columns={columns}
        query={query}
        list={list}
        testId="discounts-table"
        empty={{
          icon: <IconDiscount size={28} aria-hidden />,
          title: t('DISCOUNTS.EMPTY.TITLE'),
          text: t('DISCOUNTS.EMPTY.TEXT'),
          action: newButton || undefined,
        }}
      />
      {canWrite && <DiscountCodeForm opened={creating} onClose={() => setCreating(false)} />}
    </>
  );
}
