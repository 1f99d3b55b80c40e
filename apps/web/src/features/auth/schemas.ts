import { emailSchema, passwordSchema } from '@app/contracts/auth';
import type { FieldErrors, FieldValues, Resolver, ResolverResult } from 'react-hook-form';
import { z } from 'zod';

/** SPEC §5: the login form checks the email and password rules before asking the server. */
export const loginFormSchema = z.object({ email: emailSchema, password: passwordSchema });
export type LoginFormValues = z.input<typeof loginFormSchema>;

export const forgotPasswordFormSchema = z.object({ email: emailSchema });

/**
 * The contracts' registration and reset schemas check "didn't match" at the object level, which
 * zod only runs once every other field passes (and never while a field has aborted, e.g. an
 * empty email). This wraps the resolver so the message shows as soon as both passwords are
 * themselves valid, whatever the other fields hold.
 */
export function withPasswordMatch<T extends FieldValues & { password: string; changepassword: string }>(
  resolver: Resolver<T>,
): Resolver<T> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const errors = result.errors as FieldErrors<T> & Record<string, unknown>;
    if (!errors.password && !errors.changepassword && values.password !== values.changepassword) {
      return {
        values: {},
        errors: { ...errors, changepassword: { type: 'custom', message: PASSWORD_MISMATCH } },
      } as unknown as ResolverResult<T>;
    }
    return result;
  };
}

export const PASSWORD_MISMATCH = "Password and Confirm Password didn't match";
