import { orderListQuerySchema } from '@app/contracts/commerce';
import { describe, expect, it } from 'vitest';
import { ordersCsvPath } from '../api/export-orders-csv';
import { dayEnd, dayStart, toDayInput } from '../../../lib/format/day-range';
import { EMPTY_DISCOUNT_FORM, toDiscountInput } from './discount-form';

describe('orders desk model', () => {
  it('exports the filtered, sorted list: every page, so no page or page size', () => {
    const params = orderListQuerySchema.parse({
      page: '3',
      pageSize: '50',
      q: 'taro',
      status: 'paid',
      sort: 'totalCents',
    });
    expect(ordersCsvPath(params)).toBe('/api/admin/orders.csv?sort=totalCents&order=desc&q=taro&status=paid');
  });

  it('a day range covers the whole last day (the end is exclusive) and reads back as the same days', () => {
    const from = dayStart('2026-11-01')!;
    const to = dayEnd('2026-11-30')!;
    expect(Date.parse(to) - Date.parse(new Date(2026, 10, 30).toISOString())).toBe(24 * 3_600_000);
    expect(toDayInput(from)).toBe('2026-11-01');
    expect(toDayInput(to, true)).toBe('2026-11-30');
    expect(dayStart('')).toBeUndefined();
    expect(dayStart('2026-13-45x')).toBeUndefined();
  });

  it('a discount code is checked by the contracts’ schema, field by field', () => {
    expect(toDiscountInput({ ...EMPTY_DISCOUNT_FORM, code: 'ok', kind: 'fixed', amount: 10, currency: '' })).toEqual({
      ok: false,
      errors: { code: 'DISCOUNTS.FORM.CODE_ERROR', currency: 'DISCOUNTS.FORM.CURRENCY_ERROR' },
    });
    expect(
      toDiscountInput({
        ...EMPTY_DISCOUNT_FORM,
        code: 'WINTER',
        percent: 10,
        validFrom: '2026-12-10T00:00',
        validUntil: '2026-12-01T00:00',
      }),
    ).toEqual({ ok: false, errors: { validUntil: 'DISCOUNTS.FORM.UNTIL_ERROR' } });
    const fixed = toDiscountInput({
      ...EMPTY_DISCOUNT_FORM,
      code: 'TENOFF',
      kind: 'fixed',
      amount: 10.5,
      currency: 'eur',
    });
    expect(fixed).toMatchObject({ ok: true, input: { amountCents: 1050, currency: 'EUR', percentBps: null } });
  });
});
