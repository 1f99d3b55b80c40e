import type { adminUserResponseSchema } from '@app/contracts/admin-users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { userKeys } from './user-keys';

export type AdminUserDetail = z.infer<typeof adminUserResponseSchema>['user'];

/** GET /api/admin/users/{userId}. */
export const getUser = (id: string, signal?: AbortSignal) =>
  getJson<z.infer<typeof adminUserResponseSchema>>(`/api/admin/users/${encodeURIComponent(id)}`, signal);

export const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal) });

export const useUser = (id: string | undefined) => useQuery({ ...userQueryOptions(id ?? ''), enabled: Boolean(id) });
