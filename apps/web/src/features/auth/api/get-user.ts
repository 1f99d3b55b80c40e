import type { User } from '@app/contracts/auth';
import { getJson } from '../../../lib/api-client';

/** GET /api/user/{email}: the signed-in user's profile. Its query hook is in user-query.ts. */
export const getUser = (email: string, signal?: AbortSignal) =>
  getJson<{ user: User }>(`/api/user/${encodeURIComponent(email)}`, signal).then((r) => r.user);
