import { emailSchema, passwordSchema } from '@app/contracts';
import { z } from 'zod';

/** SPEC §5: the login form checks the email and password rules before asking the server. */
export const loginFormSchema = z.object({ email: emailSchema, password: passwordSchema });
export type LoginFormValues = z.input<typeof loginFormSchema>;

export const forgotPasswordFormSchema = z.object({ email: emailSchema });
