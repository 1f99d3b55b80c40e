import type { accountListResponseSchema } from '@app/contracts/trading';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { accountKeys } from './account-keys';
import { useFallbackRefetch } from './account-stream';

export type AccountListResponse = z.infer<typeof accountListResponseSchema>;

/** GET /api/accounts: every trading account of the signed-in member. */
export const listAccounts = (signal?: AbortSignal) => getJson<AccountListResponse>('/api/accounts', signal);

export const accountsQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.list(), queryFn: ({ signal }) => listAccounts(signal) });

export const useAccounts = () => useQuery({ ...accountsQueryOptions(), refetchInterval: useFallbackRefetch() });
