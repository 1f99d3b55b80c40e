import type { Role } from '@app/contracts/constants';
import { apiRequest } from '../../../lib/api-client';

export interface VerifyTokenResponse { status: number; user: { id: string; email: string; role: Role } }

/** GET /api/auth/verify-token; the caller decides what a failure means. */
export const verifyToken = (signal?: AbortSignal) =>
  apiRequest<VerifyTokenResponse>('/api/auth/verify-token', { signal, skipAuthHandling: true });
