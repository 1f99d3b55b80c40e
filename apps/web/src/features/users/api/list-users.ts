import type { AdminUserListParams, adminUserListResponseSchema } from '@app/contracts/admin-users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { toQueryString } from '../../../lib/query-string';
import { userKeys } from './user-keys';

export type UserListResponse = z.infer<typeof adminUserListResponseSchema>;

/** GET /api/admin/users: one page, searched, filtered and sorted on the server. */
export const listUsers = (params: AdminUserListParams, signal?: AbortSignal) =>
  getJson<UserListResponse>(`/api/admin/users?${toQueryString(params)}`, signal);

export const usersQueryOptions = (params: AdminUserListParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => listUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export const useUsers = (params: AdminUserListParams) => useQuery(usersQueryOptions(params));
