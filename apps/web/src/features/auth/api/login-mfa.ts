import type { loginMfaResponseSchema } from '@app/contracts/account';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type LoginMfaResponse = z.infer<typeof loginMfaResponseSchema>;

/** POST /api/auth/login/mfa: the login's mfaToken and a 6-digit or recovery code. */
export function loginMfa(mfaToken: string, code: string): Promise<LoginMfaResponse> {
  return apiRequest<LoginMfaResponse>('/api/auth/login/mfa', {
    method: 'POST',
    body: { mfaToken, code: code.trim() },
    skipAuthHandling: true,
  });
}
