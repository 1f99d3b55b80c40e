import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../../lib/auth/auth-provider';
import { FormAlert } from '../../../components/form-alert';
import { useT } from '../../../i18n/use-t';
import { AUTH_ERROR_MESSAGE_EVENT, session } from '../../../lib/session';
import { loadConfig } from '../../../lib/config/get-config';
import { login } from '../api/login';
import { AuthHeading } from '../components/auth-heading';
import { loginResolver, preloadLoginResolver } from '../login-resolver';
import type { LoginFormValues } from '../schemas';

/** A login path ending in "admin" (e.g. /auth/login/admin) is the staff entrance. */
export function isAdminLoginPath(pathname: string): boolean {
  return pathname.replace(/\/+$/, '').endsWith('admin');
}

export default function LoginPage() {
  const { t, tValidation, tError } = useT();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const { signIn } = useAuth();
  // The login route stays light (no query layer): the runtime config is fetched once, and the
  // form's own submitting state stands in for a mutation hook.
  useEffect(() => void loadConfig().catch(() => null), []);
  // The form's rules load right after the first paint, before anyone has typed.
  useEffect(() => void preloadLoginResolver().catch(() => null), []);
  const [formError, setFormError] = useState<string | null>(null);
  const navigate = useNavigate();

  // The one-time message left by an ended session: shown once, then removed.
  const [storedMessage, setStoredMessage] = useState(() => session.peekAuthErrorMessage());
  useEffect(() => {
    if (storedMessage !== null) session.removeAuthErrorMessage();
  }, [storedMessage]);
  // Also one left while this page is already shown (the session check ends after a 401 redirect).
  useEffect(() => {
    const pick = () => {
      const message = session.peekAuthErrorMessage();
      if (message === null) return;
      setStoredMessage(message);
      session.removeAuthErrorMessage();
    };
    window.addEventListener(AUTH_ERROR_MESSAGE_EVENT, pick);
    return () => window.removeEventListener(AUTH_ERROR_MESSAGE_EVENT, pick);
  }, []);

  const admin = isAdminLoginPath(pathname);
  const registered = params.get('registration') === 'success';
  // From the checkout, registering keeps the way back (the guest guard returns there once signed in).
  const toCheckout = params.get('next') === 'checkout';
  const resetDone = params.get('reset') === 'success';

  const { register, handleSubmit, formState } = useForm<LoginFormValues>({
    resolver: loginResolver,
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting, isValid } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const email = values.email.trim();
    try {
      const config = await loadConfig().catch(() => null);
      const res = await login({ email, password: values.password }, config?.geolocationUrl);
      if (res && 'mfaRequired' in res) {
        // Two-factor sign-in: the code step (its own lazy route) gets the token in memory.
        // From the checkout, the code step keeps `next` so that signing in returns to the basket.
        await navigate(toCheckout ? '/auth/mfa?next=checkout' : '/auth/mfa', {
          state: { mfaToken: res.mfaToken, email },
        });
        return;
      }
      if (!res?.accessToken) {
        setFormError(t('AUTH.LOGIN.INCORRECT'));
        return;
      }
      await signIn(res.accessToken, email);
    } catch (error) {
      setFormError(tError(error, 'AUTH.LOGIN.ERROR_GENERIC'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="login-heading">
      <AuthHeading
        title={<span id="login-heading">{t(admin ? 'AUTH.LOGIN.TITLE_ADMIN' : 'AUTH.LOGIN.TITLE_MEMBER')}</span>}
        subtitle={t('AUTH.LOGIN.SUBTITLE')}
      />
      <Stack gap="md">
        {registered && (
          <FormAlert tone="success" testId="registration-success">
            {t('AUTH.REGISTER.SUCCESS')}
          </FormAlert>
        )}
        {resetDone && <FormAlert tone="success">{t('AUTH.RESET.SUCCESS')}</FormAlert>}
        {storedMessage && (
          <FormAlert tone="error" testId="auth-error-message">
            {tValidation(storedMessage)}
          </FormAlert>
        )}
        {formError && (
          <FormAlert tone="error" testId="form-error">
            {formError}
          </FormAlert>
        )}
        <TextInput
          label={t('AUTH.INPUT.EMAIL')}
          placeholder="name@example.com"
          type="email"
          autoComplete="email"
          size="md"
          required
          withAsterisk={false}
          error={tValidation(errors.email?.message)}
          {...register('email')}
        />
        <div>
          <PasswordInput
            label={t('AUTH.INPUT.PASSWORD')}
            autoComplete="current-password"
            size="md"
            required
            withAsterisk={false}
            error={tValidation(errors.password?.message)}
            visibilityToggleButtonProps={{ 'aria-label': t('AUTH.INPUT.TOGGLE_PASSWORD') }}
            {...register('password')}
          />
          <Group justify="flex-end" mt={8}>
            <Anchor component={Link} to="/auth/forgot-password" size="sm" fw={600}>
              {t('AUTH.LOGIN.FORGOT')}
            </Anchor>
          </Group>
        </div>
        <Button type="submit" size="md" fullWidth loading={isSubmitting} disabled={isSubmitting || !isValid}>
          {t('AUTH.LOGIN.BUTTON')}
        </Button>
        {!admin && (
          <Text ta="center" size="sm" c="dimmed">
            {t('AUTH.LOGIN.NO_ACCOUNT')}{' '}
            <Anchor
              component={Link}
              to={toCheckout ? '/auth/registration?next=checkout' : '/auth/registration'}
              fw={600}
            >
              {t('AUTH.LOGIN.SIGN_UP')}
            </Anchor>
          </Text>
        )}
      </Stack>
    </form>
  );
}
