import type { statusResponseSchema } from '@app/contracts/auth';
import type { z } from 'zod';
import { apiRequest } from '../api-client';

/** POST /api/auth/logout: ends the session on the server. Failures are not the user's problem. */
export async function logoutOnServer(): Promise<void> {
  try {
    await apiRequest<z.infer<typeof statusResponseSchema>>('/api/auth/logout', {
      method: 'POST',
      skipAuthHandling: true,
    });
  } catch (error) {
    console.warn('Server logout failed', error);
  }
}
