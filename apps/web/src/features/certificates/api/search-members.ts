import type { certificateMembersResponseSchema } from '@app/contracts/certificates';
import type { accountListResponseSchema } from '@app/contracts/trading';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { certificateKeys } from './certificate-keys';

export type CertificateMembers = z.infer<typeof certificateMembersResponseSchema>;
export type MemberAccounts = z.infer<typeof accountListResponseSchema>;

/** GET /api/admin/certificates/members?q=: members by name or email, for the issue form. */
export const membersQueryOptions = (q: string) =>
  queryOptions({
    queryKey: certificateKeys.members(q),
    queryFn: ({ signal }) =>
      getJson<CertificateMembers>(`/api/admin/certificates/members?q=${encodeURIComponent(q)}`, signal),
    placeholderData: keepPreviousData,
  });
export const useCertificateMembers = (q: string) => useQuery(membersQueryOptions(q));

/** GET /api/admin/users/{userId}/accounts: the chosen member's accounts. */
export const useMemberAccounts = (userId: string | null) =>
  useQuery({
    queryKey: certificateKeys.accounts(userId ?? ''),
    queryFn: ({ signal }) =>
      getJson<MemberAccounts>(`/api/admin/users/${encodeURIComponent(userId ?? '')}/accounts`, signal),
    enabled: userId !== null,
  });
