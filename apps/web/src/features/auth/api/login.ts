import type { LoginRequest, loginResponseSchema } from '@app/contracts/auth';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { lookupGeolocation } from '../../../lib/geolocation';

export type LoginInput = Pick<LoginRequest, 'email' | 'password'>;
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Asks the geolocation service first (null on failure), then POST /api/auth/login. */
export async function login(input: LoginInput, geolocationUrl: string | undefined): Promise<LoginResponse> {
  const userGeolocation = await lookupGeolocation(geolocationUrl);
  const body: LoginRequest = { email: input.email, password: input.password, userGeolocation };
  return apiRequest<LoginResponse>('/api/auth/login', { method: 'POST', body, skipAuthHandling: true });
}
