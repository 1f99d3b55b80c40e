import type { recoverRequestSchema, statusResponseSchema } from '@app/contracts/auth';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

type RecoverRequest = z.input<typeof recoverRequestSchema>;

/** POST /api/auth/recover: sends a password reset link. */
export const recover = (email: string) =>
  apiRequest<z.infer<typeof statusResponseSchema>>('/api/auth/recover', {
    method: 'POST',
    body: { email } satisfies RecoverRequest,
    skipAuthHandling: true,
  });
