import type { adminOrderDetailSchema } from '@app/contracts/commerce';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

/** GET /api/admin/orders/{id} (staff): the order, who placed it, and its timeline. */
export const getOrder = (id: string, signal?: AbortSignal) =>
  getJson<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(id)}`, signal);

export const orderQueryOptions = (id: string) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => getOrder(id, signal) });

export const useOrder = (id: string | null) => useQuery({ ...orderQueryOptions(id ?? ''), enabled: id !== null });
