import type { verifyTokenResponseSchema } from '@app/contracts/auth';
import type { z } from 'zod';
import { apiRequest } from '../api-client';

export type VerifyTokenResponse = z.infer<typeof verifyTokenResponseSchema>;

/** GET /api/auth/verify-token; the caller decides what a failure means. */
export const verifyToken = (signal?: AbortSignal) =>
  apiRequest<VerifyTokenResponse>('/api/auth/verify-token', { signal, skipAuthHandling: true });
