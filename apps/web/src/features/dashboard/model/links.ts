/** Where a figure's list lives, filtered as the figure counts (times as ISO instants). */
export interface Span {
  from: string | null;
  to: string;
}

const withSpan = (base: Record<string, string>, span: Span) => {
  const search = new URLSearchParams(base);
  if (span.from) search.set('from', span.from);
  search.set('to', span.to);
  return search.toString();
};

export const links = {
  orders: (span: Span, status?: string) => `/orders?${withSpan(status ? { status } : {}, span)}`,
  manualOrders: () => '/orders?status=pending&provider=manual&sort=createdAt&order=asc',
  failedOrders: () => '/orders?status=failed',
  newsImport: () => '/news-calendar-import',
  order: (number: string) => `/orders?q=${encodeURIComponent(number)}`,
  payouts: (span: Span, status?: string) => `/admin-payouts-requests?${withSpan(status ? { status } : {}, span)}`,
  openPayouts: () => '/admin-payouts-requests?status=requested&sort=requestedAt&order=asc',
  members: () => '/users?role=USER&sort=createdAt&order=desc',
  funded: () => '/users?funded=yes',
  accounts: (userId: string) => `/users/${userId}/trading-accounts`,
  report: (userId: string, accountId: string) => `/users/${userId}/trading-accounts/${accountId}/view-report`,
};
