import type { Resolver } from 'react-hook-form';
import type { LoginFormValues } from './schemas';

let loading: Promise<Resolver<LoginFormValues>> | null = null;

/**
 * Loads the login form's rules (zod and the form resolver: the largest part of the login route's
 * JavaScript) after the first paint. The page starts it on mount; a failed load is tried again on
 * the next call.
 */
export function preloadLoginResolver(): Promise<Resolver<LoginFormValues>> {
  loading ??= Promise.all([import('@hookform/resolvers/standard-schema'), import('./schemas')]).then(
    ([{ standardSchemaResolver }, { loginFormSchema }]) => standardSchemaResolver(loginFormSchema),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The login form's resolver: the SPEC §5 rules, once loaded (validation is asynchronous anyway). */
export const loginResolver: Resolver<LoginFormValues> = async (values, context, options) =>
  (await preloadLoginResolver())(values, context, options);
