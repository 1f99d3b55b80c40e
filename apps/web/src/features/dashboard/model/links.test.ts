import { adminUserListQuerySchema } from '@app/contracts/admin-users';
import { orderListQuerySchema } from '@app/contracts/commerce';
import { payoutListQuerySchema } from '@app/contracts/payouts';
import { describe, expect, it } from 'vitest';
import { parseListState } from '../../../lib/list-state/list-params';
import { links } from './links';

const span = { from: '2026-03-09T23:00:00.000Z', to: '2026-03-16T23:00:00.000Z' };
const all = { from: null, to: '2026-03-16T23:00:00.000Z' };

/** The list screen's state the link opens, read as that screen reads its URL. */
const opened = <P extends { page: number; pageSize: number; sort: string; order: 'asc' | 'desc' }>(
  schema: Parameters<typeof parseListState<P>>[0],
  link: string,
) => parseListState(schema, new URL(link, 'http://x').searchParams);

describe('dashboard links: each figure opens the list counted as the figure is', () => {
  it('paid orders by payment time, refunded ones included (no status), with the range', () => {
    const link = links.paidOrders(span);
    expect(link).toBe('/orders?dateField=paidAt&from=2026-03-09T23%3A00%3A00.000Z&to=2026-03-16T23%3A00%3A00.000Z');
    expect(opened(orderListQuerySchema, link)).toMatchObject({ dateField: 'paidAt', status: undefined, ...span });
    const challengeId = '6f1c4c1e-2b7a-4a54-9f3e-0d5a1f7b9c21';
    expect(opened(orderListQuerySchema, links.paidOrders(span, challengeId))).toMatchObject({
      dateField: 'paidAt',
      challengeId,
    });
  });

  it('refunds by refund time', () => {
    expect(opened(orderListQuerySchema, links.refundedOrders(span))).toMatchObject({
      status: 'refunded',
      dateField: 'refundedAt',
      ...span,
    });
  });

  it('"all" has no start: the link bounds the end only', () => {
    const link = links.paidOrders(all);
    expect(link).not.toContain('from=');
    expect(opened(orderListQuerySchema, link)).toMatchObject({ dateField: 'paidAt', from: undefined, to: all.to });
    expect(opened(adminUserListQuerySchema, links.members(all))).toMatchObject({
      createdFrom: undefined,
      createdTo: all.to,
    });
  });

  it('new members (and conversion, their cohort) by registration time', () => {
    const link = links.members(span);
    expect(link.startsWith('/users?')).toBe(true);
    expect(opened(adminUserListQuerySchema, link)).toMatchObject({
      role: 'USER',
      createdFrom: span.from,
      createdTo: span.to,
      sort: 'createdAt',
      order: 'desc',
    });
  });

  it('payouts requested by request time, paid by payment time', () => {
    const requested = opened(payoutListQuerySchema, links.requestedPayouts(span));
    expect(requested).toMatchObject({ dateField: undefined, status: undefined, ...span });
    const paid = opened(payoutListQuerySchema, links.paidPayouts(span));
    expect(paid).toMatchObject({ dateField: 'paidAt', status: 'paid', ...span });
  });

  it('a pending payout opens its own detail in the queue; an order its own', () => {
    expect(links.payout('p-1')).toBe('/admin-payouts-requests?view=p-1');
    expect(links.order('ORD-000012', 'o-1')).toBe('/orders?q=ORD-000012&view=o-1');
  });
});
