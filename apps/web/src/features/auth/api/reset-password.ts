import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/reset: sets a new password with the token from the emailed link. */
export const resetPassword = (input: { token: string; password: string }) =>
  apiRequest<{ status: number; message: string }>('/api/auth/reset', { method: 'POST', body: input, skipAuthHandling: true });

