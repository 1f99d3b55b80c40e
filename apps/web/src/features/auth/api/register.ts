import { MEMBER_ROLE } from '@app/contracts/constants';
import { apiRequest } from '../../../lib/api-client';

export interface RegisterInput { email: string; password: string; firstName: string; lastName: string }

/** POST /api/auth/register: the email lower-cased and the role always USER. */
export const register = (input: RegisterInput) =>
  apiRequest<{ status: number; message: string }>('/api/auth/register', {
    method: 'POST',
    body: {
      email: input.email.trim().toLowerCase(),
      password: input.password,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      role: MEMBER_ROLE,
    },
    skipAuthHandling: true,
  });

