import { toQueryString } from '../../../lib/query-string';

/** Where a figure's list lives, filtered as the figure counts (times as ISO instants). */
export interface Span {
  from: string | null;
  to: string;
}

// Each range link bounds the time its figure counts at (server: dashboard aggregates, migration 0018).
export const links = {
  /**
   * Revenue, paid orders, average order value, orders per challenge: orders paid in the range, by
   * their payment time — refunded ones included, as the figures count them (no status filter:
   * only paid and refunded orders have a payment time).
   */
  paidOrders: (span: Span, challengeId?: string) =>
    `/orders?${toQueryString({ dateField: 'paidAt', from: span.from, to: span.to, challengeId })}`,
  /** Refunds: orders refunded in the range, by their refund time. */
  refundedOrders: (span: Span) =>
    `/orders?${toQueryString({ status: 'refunded', dateField: 'refundedAt', from: span.from, to: span.to })}`,
  manualOrders: () => '/orders?status=pending&provider=manual&sort=createdAt&order=asc',
  failedOrders: () => '/orders?status=failed',
  newsImport: () => '/news-calendar-import',
  /** One order: found by its number, its detail open. */
  order: (number: string, id: string) => `/orders?${toQueryString({ q: number, view: id })}`,
  /** Payouts requested in the range (any status since), by request time. */
  requestedPayouts: (span: Span) => `/admin-payouts-requests?${toQueryString({ from: span.from, to: span.to })}`,
  /** Payouts paid and payout ratio: paid payouts by their payment time. */
  paidPayouts: (span: Span) =>
    `/admin-payouts-requests?${toQueryString({ status: 'paid', dateField: 'paidAt', from: span.from, to: span.to })}`,
  openPayouts: () => '/admin-payouts-requests?status=requested&sort=requestedAt&order=asc',
  /** One payout: the queue with its detail open. */
  payout: (id: string) => `/admin-payouts-requests?${toQueryString({ view: id })}`,
  /** New members and conversion (its cohort): members registered in the range. */
  members: (span: Span) =>
    `/users?${toQueryString({ role: 'USER', createdFrom: span.from, createdTo: span.to, sort: 'createdAt', order: 'desc' })}`,
  funded: () => '/users?funded=yes',
  accounts: (userId: string) => `/users/${userId}/trading-accounts`,
  report: (userId: string, accountId: string) => `/users/${userId}/trading-accounts/${accountId}/view-report`,
};
