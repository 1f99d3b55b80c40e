import type { adminUserMailsResponseSchema } from '@app/contracts/admin-users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, getJson } from '../../../lib/api-client';
import { userKeys } from './user-keys';

export type AdminUserMails = z.infer<typeof adminUserMailsResponseSchema>;

/** GET /api/admin/users/{id}/mails: the newest mails to the user and how their delivery went. */
export const useUserMails = (id: string) =>
  useQuery({
    queryKey: userKeys.mails(id),
    queryFn: ({ signal }) => getJson<AdminUserMails>(`/api/admin/users/${encodeURIComponent(id)}/mails`, signal),
  });

/** POST …/mails/{mailId}/resend (ADMIN): a mail that was not delivered, queued again as it was. */
export function useResendUserMail(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mailId: string) =>
      apiRequest(`/api/admin/users/${encodeURIComponent(userId)}/mails/${encodeURIComponent(mailId)}/resend`, {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.mails(userId) }),
  });
}
