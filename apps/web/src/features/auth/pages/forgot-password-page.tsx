import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { useT } from '../../../i18n/use-t';
import { ApiError } from '../../../lib/api-client';
import { recover } from '../api/recover';
import { AuthHeading } from '../components/auth-heading';
import { forgotPasswordFormSchema } from '../schemas';

export default function ForgotPasswordPage() {
  const { t, tValidation, tError } = useT();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const { register, handleSubmit, formState } = useForm<{ email: string }>({
    resolver: standardSchemaResolver(forgotPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting, isValid } = formState;

  const onSubmit = handleSubmit(async ({ email }) => {
    setResult(null);
    try {
      await recover(email.trim());
      setResult({ ok: true, text: t('AUTH.FORGOT.SUCCESS') });
    } catch (error) {
      // SPEC §8: the server message, or 'The login detail is incorrect'; with no answer at all,
      // the generic 'errors detected' text.
      const noAnswer = error instanceof ApiError && error.isNetworkError;
      setResult({
        ok: false,
        text: noAnswer ? t('AUTH.FORGOT.ERROR_NO_MESSAGE') : tError(error, 'AUTH.FORGOT.ERROR_GENERIC'),
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="forgot-heading">
      <AuthHeading title={<span id="forgot-heading">{t('AUTH.FORGOT.TITLE')}</span>} subtitle={t('AUTH.FORGOT.DESC')} />
      <Stack gap="md">
        {result && (
          <FormAlert tone={result.ok ? 'success' : 'error'} testId={result.ok ? 'forgot-success' : 'form-error'}>
            {result.text}
          </FormAlert>
        )}
        <TextInput
          label={t('AUTH.INPUT.EMAIL')}
          type="email"
          autoComplete="email"
          placeholder="name@example.com"
          required
          withAsterisk={false}
          size="md"
          error={tValidation(errors.email?.message)}
          {...register('email')}
        />
        <Group grow>
          <Button component={Link} to="/auth/login" variant="default" size="md">
            {t('COMMON.CANCEL')}
          </Button>
          <Button type="submit" size="md" loading={isSubmitting} disabled={isSubmitting || !isValid}>
            {t('COMMON.SUBMIT')}
          </Button>
        </Group>
        <Anchor component={Link} to="/auth/login" size="sm" ta="center" fw={600}>
          {t('AUTH.FORGOT.BACK')}
        </Anchor>
      </Stack>
    </form>
  );
}
