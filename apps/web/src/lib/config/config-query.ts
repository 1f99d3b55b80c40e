import { queryOptions, useQuery } from '@tanstack/react-query';
import { getConfig } from './get-config';

export const configKeys = { all: ['config'] as const };

export const configQueryOptions = () =>
  queryOptions({ queryKey: configKeys.all, queryFn: ({ signal }) => getConfig(signal), staleTime: Infinity, retry: 1 });

/** The runtime config for screens under the query layer. */
export const useConfig = () => useQuery(configQueryOptions());
