import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/recover: sends a password reset link. */
export const recover = (email: string) =>
  apiRequest<{ status: number; message: string }>('/api/auth/recover', { method: 'POST', body: { email }, skipAuthHandling: true });

