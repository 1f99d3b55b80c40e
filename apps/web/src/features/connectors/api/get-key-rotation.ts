import type { connectorKeyRotationSchema } from '@app/contracts/trading';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { connectorKeys } from './connector-keys';

export type KeyRotation = z.infer<typeof connectorKeyRotationSchema>;

/** GET /api/admin/connectors/key-rotation: the grace a rotation gives the old key by default. */
export const getKeyRotation = (signal?: AbortSignal) =>
  getJson<KeyRotation>('/api/admin/connectors/key-rotation', signal);

export const keyRotationQueryOptions = () =>
  queryOptions({
    queryKey: connectorKeys.keyRotation(),
    queryFn: ({ signal }) => getKeyRotation(signal),
    // A server setting: it changes only with a restart.
    staleTime: 10 * 60_000,
  });

export const useKeyRotation = () => useQuery(keyRotationQueryOptions());
