import type { myCertificatesResponseSchema } from '@app/contracts/certificates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { certificateKeys } from './certificate-keys';

export type MyCertificates = z.infer<typeof myCertificatesResponseSchema>;

/** GET /api/certificates: the member's own certificates, newest first. */
export const listMyCertificates = (signal?: AbortSignal) => getJson<MyCertificates>('/api/certificates', signal);

export const myCertificatesQueryOptions = () =>
  queryOptions({ queryKey: certificateKeys.mine(), queryFn: ({ signal }) => listMyCertificates(signal) });

export const useMyCertificates = () => useQuery(myCertificatesQueryOptions());
