import type { Quote } from '@app/contracts/commerce';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { checkoutKeys, type QuoteParams } from './checkout-keys';

/**
 * POST /api/orders/quote (public): what the order costs with this code, country and VAT id. A read
 * that stores nothing, so it is a query; prices always come from the server.
 */
export const getQuote = (params: QuoteParams, signal?: AbortSignal) =>
  apiRequest<Quote>('/api/orders/quote', { method: 'POST', body: params, signal });

export const quoteQueryOptions = (params: QuoteParams) =>
  queryOptions({
    queryKey: checkoutKeys.quote(params),
    queryFn: ({ signal }) => getQuote(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useQuote = (params: QuoteParams | null) =>
  useQuery({
    ...quoteQueryOptions(params ?? { challengeId: '', discountCode: '', vatId: '' }),
    enabled: params !== null,
  });
