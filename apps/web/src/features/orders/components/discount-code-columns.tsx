import type { DiscountCode } from '@app/contracts/commerce';
import { Badge, Switch, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { ListColumn } from '../../../components/list-table/list-table-types';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';

/** The discount codes' columns; ADMIN switches a code on and off in place. */
export function useDiscountCodeColumns({
  canWrite,
  onToggle,
}: {
  canWrite: boolean;
  onToggle: (c: DiscountCode, active: boolean) => void;
}) {
  const { t } = useT();
  const format = useFormat();
  return useMemo<ListColumn<DiscountCode>[]>(
    () => [
      {
        accessor: 'code',
        title: t('DISCOUNTS.COL.CODE'),
        sortable: true,
        noWrap: true,
        render: (c) => (
          <Text fw={700} size="sm" ff="monospace" data-testid="discount-code-name">
            {c.code}
          </Text>
        ),
      },
      {
        accessor: 'discount',
        title: t('DISCOUNTS.COL.DISCOUNT'),
        noWrap: true,
        render: (c) =>
          c.kind === 'percent' && c.percentBps !== null
            ? format.percentBps(c.percentBps)
            : c.amountCents !== null && c.currency
              ? format.money(c.amountCents, c.currency)
              : '—',
      },
      {
        accessor: 'challengeName',
        title: t('DISCOUNTS.COL.CHALLENGE'),
        render: (c) => c.challengeName ?? t('DISCOUNTS.FORM.EVERY_CHALLENGE'),
      },
      {
        accessor: 'validUntil',
        title: t('DISCOUNTS.COL.VALIDITY'),
        sortable: true,
        render: (c) =>
          !c.validFrom && !c.validUntil
            ? t('DISCOUNTS.VALID.ALWAYS')
            : t('DISCOUNTS.VALID.RANGE', {
                from: c.validFrom ? format.date(c.validFrom) : '…',
                until: c.validUntil ? format.date(c.validUntil) : '…',
              }),
      },
      {
        accessor: 'uses',
        title: t('DISCOUNTS.COL.USES'),
        sortable: true,
        noWrap: true,
        render: (c) =>
          c.maxUses === null
            ? format.number(c.uses)
            : t('DISCOUNTS.USES.OF', { uses: format.number(c.uses), max: format.number(c.maxUses) }),
      },
      {
        accessor: 'active',
        title: t('DISCOUNTS.COL.ACTIVE'),
        noWrap: true,
        render: (c) =>
          canWrite ? (
            <Switch
              checked={c.active}
              onChange={(e) => onToggle(c, e.currentTarget.checked)}
              aria-label={t('DISCOUNTS.ACTIVE.LABEL', { code: c.code })}
              data-testid="discount-active"
            />
          ) : (
            <Badge variant="dot" color={c.active ? 'teal' : 'gray'}>
              {t(c.active ? 'DISCOUNTS.ACTIVE.ON' : 'DISCOUNTS.ACTIVE.OFF')}
            </Badge>
          ),
      },
      {
        accessor: 'createdAt',
        title: t('DISCOUNTS.COL.CREATED'),
        sortable: true,
        noWrap: true,
        render: (c) => <time dateTime={c.createdAt}>{format.date(c.createdAt)}</time>,
      },
    ],
    [t, format, canWrite, onToggle],
  );
}
