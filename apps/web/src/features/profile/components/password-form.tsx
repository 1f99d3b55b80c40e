import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { changePasswordFormSchema } from '@app/contracts/account';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useT } from '../../../i18n/use-t';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';
import { SectionCard } from './section-card';
import { serverFieldError } from './server-field';

type Values = z.input<typeof changePasswordFormSchema>;

/** The current password, then the new one twice (SPEC §5); every other session ends. */
export function PasswordForm() {
  const { t, tValidation, tError } = useT();
  const mutation = useChangePassword();
  const { register, handleSubmit, formState, reset, setError } = useForm<Values>({
    resolver: standardSchemaResolver(changePasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', password: '', changepassword: '' },
  });
  const { errors, isSubmitting, isValid } = formState;
  const shared = {
    withAsterisk: false,
    visibilityToggleButtonProps: { 'aria-label': t('AUTH.INPUT.TOGGLE_PASSWORD') },
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.password });
      reset();
      toastSuccess(t('PROFILE.PASSWORD.CHANGED'));
    } catch (error) {
      // A wrong current password is shown on its field.
      const named = serverFieldError(error, ['currentPassword'] as const);
      if (named) setError(named.field, { message: named.message }, { shouldFocus: true });
      else toastError(tError(error, 'PROFILE.ERROR.GENERIC'));
    }
  });

  return (
    <SectionCard title={t('PROFILE.PASSWORD.TITLE')} description={t('PROFILE.PASSWORD.HINT')} testId="profile-password">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label={t('PROFILE.PASSWORD.CURRENT')}
            autoComplete="current-password"
            error={tValidation(errors.currentPassword?.message)}
            {...shared}
            {...register('currentPassword')}
          />
          <PasswordInput
            label={t('PROFILE.PASSWORD.NEW')}
            description={t('AUTH.REGISTER.PASSWORD_HINT')}
            autoComplete="new-password"
            error={tValidation(errors.password?.message)}
            {...shared}
            {...register('password')}
          />
          <PasswordInput
            label={t('AUTH.INPUT.CONFIRM_PASSWORD')}
            autoComplete="new-password"
            error={tValidation(errors.changepassword?.message)}
            {...shared}
            {...register('changepassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting} disabled={isSubmitting || !isValid}>
              {t('PROFILE.PASSWORD.SUBMIT')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
