import type { PublicConfig } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** Runtime settings from the server: FAQ link, Start Challenge link, geolocation URL. */
export const getConfig = (signal?: AbortSignal) => getJson<PublicConfig>('/api/config', signal);

export const configQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: ({ signal }) => getConfig(signal), staleTime: Infinity, retry: 1 });

export const useConfig = () => useQuery(configQueryOptions());
