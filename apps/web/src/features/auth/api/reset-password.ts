import type { resetRequestSchema, statusResponseSchema } from '@app/contracts/auth';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

type ResetRequest = z.input<typeof resetRequestSchema>;

/** POST /api/auth/reset: sets a new password with the token from the emailed link. */
export const resetPassword = (input: ResetRequest) =>
  apiRequest<z.infer<typeof statusResponseSchema>>('/api/auth/reset', {
    method: 'POST',
    body: input,
    skipAuthHandling: true,
  });
