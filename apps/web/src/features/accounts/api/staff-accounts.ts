import type { accountListResponseSchema, accountResponseSchema, TradingAccount } from '@app/contracts/trading';
import type { adminUserResponseSchema } from '@app/contracts/admin-users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, getJson } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export type UserAccounts = z.infer<typeof accountListResponseSchema>;
export type AccountResponse = z.infer<typeof accountResponseSchema>;
export type { TradingAccount };

/** GET /api/admin/users/{userId}/accounts (staff): the member's accounts as the member sees them. */
export const useUserAccounts = (userId: string) =>
  useQuery({
    queryKey: accountKeys.staffList(userId),
    queryFn: ({ signal }) => getJson<UserAccounts>(`/api/admin/users/${encodeURIComponent(userId)}/accounts`, signal),
  });

export type OverrideAction = 'reinstate' | 'extend' | 'reset' | 'close';
export interface OverrideInput {
  action: OverrideAction;
  accountId: string;
  reason: string;
  /** extend: the days; reinstate: days for a time-limit failure. */
  days?: number;
}

/** POST /api/admin/accounts/{id}/{action} (ADMIN): an override of the engine's verdict, with a reason. */
export const overrideAccount = ({ action, accountId, reason, days }: OverrideInput) => {
  const body =
    action === 'extend' ? { reason, days } : action === 'reinstate' && days ? { reason, extendDays: days } : { reason };
  return apiRequest<unknown>(`/api/admin/accounts/${encodeURIComponent(accountId)}/${action}`, {
    method: 'POST',
    body,
  });
};

export function useOverrideAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: overrideAccount,
    // The member's list and the open report (its overview and timeline) alike.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

/** GET /api/admin/users/{userId} (staff): whose accounts these are (name, else email), for headings and links. */
export const useAccountOwner = (userId: string) =>
  useQuery({
    queryKey: accountKeys.staffOwner(userId),
    queryFn: ({ signal }) =>
      getJson<z.infer<typeof adminUserResponseSchema>>(`/api/admin/users/${encodeURIComponent(userId)}`, signal),
    select: ({ user }) => ({
      email: user.email,
      name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
    }),
  });
