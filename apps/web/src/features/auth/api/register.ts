import type { RegisterRequest, statusResponseSchema } from '@app/contracts/auth';
import { MEMBER_ROLE } from '@app/contracts/constants';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type RegisterInput = Omit<RegisterRequest, 'role'>;

/** POST /api/auth/register: the email lower-cased and the role always USER. */
export const register = (input: RegisterInput) =>
  apiRequest<z.infer<typeof statusResponseSchema>>('/api/auth/register', {
    method: 'POST',
    body: {
      email: input.email.trim().toLowerCase(),
      password: input.password,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      role: MEMBER_ROLE,
    } satisfies RegisterRequest,
    skipAuthHandling: true,
  });
