import { queryOptions, useQuery } from '@tanstack/react-query';
import { getConfig } from './get-config';

export const configQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: ({ signal }) => getConfig(signal), staleTime: Infinity, retry: 1 });

/** The runtime config for screens under the query layer. */
export const useConfig = () => useQuery(configQueryOptions());
