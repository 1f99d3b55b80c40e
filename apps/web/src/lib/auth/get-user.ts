import type { userResponseSchema } from '@app/contracts/auth';
import type { z } from 'zod';
import { getJson } from '../api-client';

/** GET /api/user/{email}: the signed-in user's profile. Its query hook is in user-query.ts. */
export const getUser = (email: string, signal?: AbortSignal) =>
  getJson<z.infer<typeof userResponseSchema>>(`/api/user/${encodeURIComponent(email)}`, signal).then((r) => r.user);
