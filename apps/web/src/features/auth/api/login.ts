import { apiRequest } from '../../../lib/api-client';
import { lookupGeolocation } from '../../../lib/geolocation';

export interface LoginInput { email: string; password: string }
export interface LoginResponse { accessToken: string; expiresAt: string; status: number }

/** Asks the geolocation service first (null on failure), then POST /api/auth/login. */
export async function login(input: LoginInput, geolocationUrl: string | undefined): Promise<LoginResponse> {
  const userGeolocation = await lookupGeolocation(geolocationUrl);
  return apiRequest<LoginResponse>('/api/auth/login', {
    method: 'POST',
    body: { email: input.email, password: input.password, userGeolocation },
    skipAuthHandling: true,
  });
}

