import type { ConnectorListParams, connectorListResponseSchema } from '@app/contracts/trading';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { toQueryString } from '../../../lib/query-string';
import { connectorKeys } from './connector-keys';

export type ConnectorListResponse = z.infer<typeof connectorListResponseSchema>;

/** GET /api/admin/connectors: one page, sorted and filtered on the server. */
export const listConnectors = (params: ConnectorListParams, signal?: AbortSignal) =>
  getJson<ConnectorListResponse>(`/api/admin/connectors?${toQueryString(params)}`, signal);

export const connectorsQueryOptions = (params: ConnectorListParams) =>
  queryOptions({
    queryKey: connectorKeys.list(params),
    queryFn: ({ signal }) => listConnectors(params, signal),
    // The current rows stay on screen (dimmed) while the next page or sort loads.
    placeholderData: keepPreviousData,
  });

export const useConnectors = (params: ConnectorListParams) => useQuery(connectorsQueryOptions(params));
