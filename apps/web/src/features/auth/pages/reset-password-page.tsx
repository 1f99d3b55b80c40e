import { resetPasswordFormSchema } from '@app/contracts/auth';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { Anchor, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { FormAlert } from '../../../components/form-alert';
import { useT } from '../../../i18n/use-t';
import { resetPassword } from '../api/reset-password';
import { AuthHeading } from '../components/auth-heading';
import { NewPasswordFields } from '../components/new-password-fields';
import { withPasswordMatch } from '../schemas';

type ResetValues = z.input<typeof resetPasswordFormSchema>;

/** /auth/reset-password?token=…: a new password, then login with a success message. */
export default function ResetPasswordPage() {
  const { t, tError } = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(token ? null : t('ERROR.CODE.INVALID_RESET_TOKEN'));

  const { register, handleSubmit, formState } = useForm<ResetValues>({
    resolver: withPasswordMatch(standardSchemaResolver(resetPasswordFormSchema)),
    mode: 'onTouched',
    defaultValues: { password: '', changepassword: '' },
  });
  const { errors, isSubmitting, isValid } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await resetPassword({ token, password: values.password });
      void navigate('/auth/login?reset=success');
    } catch (error) {
      setFormError(tError(error, 'AUTH.RESET.ERROR_GENERIC'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="reset-heading">
      <AuthHeading title={<span id="reset-heading">{t('AUTH.RESET.TITLE')}</span>} subtitle={t('AUTH.RESET.DESC')} />
      <Stack gap="md">
        {formError && (
          <FormAlert tone="error" testId="form-error">
            {formError}{' '}
            {!token && (
              <Anchor component={Link} to="/auth/forgot-password" inherit fw={600}>
                {t('AUTH.RESET.REQUEST_NEW')}
              </Anchor>
            )}
          </FormAlert>
        )}
        <NewPasswordFields
          passwordLabel={t('AUTH.INPUT.NEW_PASSWORD')}
          password={register('password')}
          confirmation={register('changepassword')}
          passwordError={errors.password?.message}
          confirmationError={errors.changepassword?.message}
        />
        <Button type="submit" size="md" fullWidth loading={isSubmitting} disabled={isSubmitting || !isValid || !token}>
          {t('AUTH.RESET.BUTTON')}
        </Button>
        <Anchor component={Link} to="/auth/login" size="sm" ta="center" fw={600}>
          {t('AUTH.FORGOT.BACK')}
        </Anchor>
      </Stack>
    </form>
  );
}
