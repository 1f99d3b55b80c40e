import type { adminUserMailsResponseSchema } from '@app/contracts/admin-users';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { userKeys } from './user-keys';

export type AdminUserMails = z.infer<typeof adminUserMailsResponseSchema>;

/** GET /api/admin/users/{id}/mails: the newest mails to the user and how their delivery went. */
export const useUserMails = (id: string) =>
  useQuery({
    queryKey: userKeys.mails(id),
    queryFn: ({ signal }) => getJson<AdminUserMails>(`/api/admin/users/${encodeURIComponent(id)}/mails`, signal),
  });
