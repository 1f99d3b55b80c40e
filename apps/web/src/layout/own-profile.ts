import type { Preferences, profileResponseSchema } from '@app/contracts/account';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../lib/api-client';

type OwnProfile = z.infer<typeof profileResponseSchema>;

/**
 * The signed-in person's profile in the query cache (GET /api/user/profile). Defined here, below the
 * profile screen, so the header's choices can update what that screen shows (it reuses this key).
 */
export const OWN_PROFILE_KEY = ['profile', 'me'] as const;

/** What the header can choose: one of the stored preferences at a time. */
export type HeaderChoice = Pick<Preferences, 'language' | 'theme'>;

/**
 * Saves a choice into the stored preferences (PUT /api/user/preferences replaces the whole set).
 * The others are read from the server first, not from the signed-in record, which lacks the mail
 * choices and may be older than a save made elsewhere. Resolves to whether anything was written.
 */
export async function saveHeaderChoice(queryClient: QueryClient, choice: HeaderChoice): Promise<boolean> {
  const current = await queryClient.fetchQuery({
    queryKey: OWN_PROFILE_KEY,
    queryFn: () => apiRequest<OwnProfile>('/api/user/profile'),
    staleTime: 0,
  });
  const stored = current.profile.preferences;
  const changed = (Object.keys(choice) as (keyof HeaderChoice)[]).some((k) => stored[k] !== choice[k]);
  if (!changed) return false;
  const saved = await apiRequest<OwnProfile>('/api/user/preferences', {
    method: 'PUT',
    body: { ...stored, ...choice } satisfies Preferences,
  });
  queryClient.setQueryData(OWN_PROFILE_KEY, saved);
  return true;
}

/**
 * The stored language and theme as far as this page knows: the profile read last (the profile
 * screen's save writes it before applying), else the signed-in record.
 */
export function knownChoice(
  queryClient: QueryClient,
  fromRecord: { language?: string; theme?: string } | undefined,
): { language?: string; theme?: string } {
  const source = queryClient.getQueryData<OwnProfile>(OWN_PROFILE_KEY)?.profile.preferences ?? fromRecord ?? {};
  return { language: source.language, theme: source.theme };
}
