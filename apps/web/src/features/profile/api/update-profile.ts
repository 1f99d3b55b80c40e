import type { Preferences } from '@app/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ProfileResponse } from './get-profile';
import { profileKeys } from './profile-keys';

/** PATCH /api/user/profile: first and last name (SPEC §5). */
export const updateName = (body: { firstName: string; lastName: string }) =>
  apiRequest<ProfileResponse>('/api/user/profile', { method: 'PATCH', body });

/** PUT /api/user/preferences: the whole set. */
export const updatePreferences = (body: Preferences) =>
  apiRequest<ProfileResponse>('/api/user/preferences', { method: 'PUT', body });

function useProfileMutation<T>(fn: (body: T) => Promise<ProfileResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (data) => queryClient.setQueryData(profileKeys.profile(), data),
  });
}

export const useUpdateName = () => useProfileMutation(updateName);
export const useUpdatePreferences = () => useProfileMutation(updatePreferences);
