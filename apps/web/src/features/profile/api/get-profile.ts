import type { profileResponseSchema } from '@app/contracts/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { profileKeys } from './profile-keys';

export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** GET /api/user/profile: names, preferences and the two-factor state of the signed-in person. */
export const getProfile = () => apiRequest<ProfileResponse>('/api/user/profile');

export const profileQuery = () => queryOptions({ queryKey: profileKeys.profile(), queryFn: getProfile });

export const useProfile = () => useQuery(profileQuery());
