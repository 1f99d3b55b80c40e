import type { myCertificatesResponseSchema } from '@app/contracts/certificates';
import type { myOrderListResponseSchema } from '@app/contracts/commerce';
import type { myPayoutListResponseSchema } from '@app/contracts/payouts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { userKeys } from './user-keys';

export type UserOrders = z.infer<typeof myOrderListResponseSchema>;
export type UserPayouts = z.infer<typeof myPayoutListResponseSchema>;
export type UserCertificates = z.infer<typeof myCertificatesResponseSchema>;

const base = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;

/** The user's last 25 orders (staff read of GET /api/orders). */
export const useUserOrders = (id: string) =>
  useQuery({
    queryKey: userKeys.records(id, 'orders'),
    queryFn: ({ signal }) => getJson<UserOrders>(`${base(id)}/orders?pageSize=25`, signal),
  });

/** The user's last 25 payout requests. */
export const useUserPayouts = (id: string) =>
  useQuery({
    queryKey: userKeys.records(id, 'payouts'),
    queryFn: ({ signal }) => getJson<UserPayouts>(`${base(id)}/payouts?pageSize=25`, signal),
  });

/** The user's certificates. */
export const useUserCertificates = (id: string) =>
  useQuery({
    queryKey: userKeys.records(id, 'certificates'),
    queryFn: ({ signal }) => getJson<UserCertificates>(`${base(id)}/certificates`, signal),
  });
