import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/logout: ends the session on the server. Failures are not the user's problem. */
export async function logoutOnServer(): Promise<void> {
  try {
    await apiRequest('/api/auth/logout', { method: 'POST', skipAuthHandling: true });
  } catch (error) {
    console.warn('Server logout failed', error);
  }
}
