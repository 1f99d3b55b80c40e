import type { adminLoginEventsResponseSchema } from '@app/contracts/admin-users';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { userKeys } from './user-keys';

export type AdminLoginEvents = z.infer<typeof adminLoginEventsResponseSchema>;

/** GET /api/admin/users/{id}/login-events: the last 100 sign-in attempts, newest first. */
export const useUserLogins = (id: string) =>
  useQuery({
    queryKey: userKeys.logins(id),
    queryFn: ({ signal }) =>
      getJson<AdminLoginEvents>(`/api/admin/users/${encodeURIComponent(id)}/login-events`, signal),
  });
