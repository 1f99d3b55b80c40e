import type { User } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** GET /api/user/{email}: the signed-in user's profile. */
export const getUser = (email: string, signal?: AbortSignal) =>
  getJson<{ user: User }>(`/api/user/${encodeURIComponent(email)}`, signal).then((r) => r.user);

export const userQueryOptions = (email: string) =>
  queryOptions({ queryKey: ['user', email], queryFn: ({ signal }) => getUser(email, signal) });

export const useUser = (email: string) => useQuery(userQueryOptions(email));
