import type { challengeListResponseSchema } from '@app/contracts/challenges';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { checkoutKeys } from './checkout-keys';

export type Catalogue = z.infer<typeof challengeListResponseSchema>;

/** GET /api/challenges (public): the challenges on sale. */
export const listCatalogue = (signal?: AbortSignal) => getJson<Catalogue>('/api/challenges', signal);

export const catalogueQueryOptions = () =>
  queryOptions({ queryKey: checkoutKeys.catalogue(), queryFn: ({ signal }) => listCatalogue(signal) });

export const useCatalogue = () => useQuery(catalogueQueryOptions());
