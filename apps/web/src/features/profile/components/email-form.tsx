import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { changeEmailRequestSchema } from '@app/contracts/account';
import { Alert, Button, Group, PasswordInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useT } from '../../../i18n/use-t';
import { securityErrorText } from '../../../lib/auth/security-error';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useRequestEmailChange } from '../api/change-email';
import { SectionCard } from './section-card';
import { serverFieldError } from './server-field';

type Values = z.input<typeof changeEmailRequestSchema>;

/** A new address, confirmed by a link sent to it; the current password proves it is the owner asking. */
export function EmailForm({ email, pendingEmail }: { email: string; pendingEmail: string | null }) {
  const { t, tValidation, tError } = useT();
  const mutation = useRequestEmailChange();
  const { register, handleSubmit, formState, reset, setError } = useForm<Values>({
    resolver: standardSchemaResolver(changeEmailRequestSchema),
    mode: 'onTouched',
    defaultValues: { email: '', currentPassword: '' },
  });
  const { errors, isSubmitting, isValid } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const to = values.email.trim().toLowerCase();
      await mutation.mutateAsync({ email: to, currentPassword: values.currentPassword });
      reset();
      toastSuccess(t('PROFILE.EMAIL.SENT', { email: to }));
    } catch (error) {
      // A wrong current password, or the address the account has already, is shown on its field.
      const named = serverFieldError(error, ['currentPassword', 'email'] as const);
      if (named) setError(named.field, { message: named.message }, { shouldFocus: true });
      else toastError(securityErrorText({ t, tError }, error, 'PROFILE.ERROR.GENERIC'));
    }
  });

  return (
    <SectionCard title={t('PROFILE.EMAIL.TITLE')} description={t('PROFILE.EMAIL.HINT')} testId="profile-email">
      <Text size="sm">
        {t('PROFILE.EMAIL.CURRENT')} <strong>{email}</strong>
      </Text>
      {pendingEmail && (
        <Alert color="blue" data-testid="email-pending">
          {t('PROFILE.EMAIL.PENDING', { email: pendingEmail })}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('PROFILE.EMAIL.NEW')}
            type="email"
            autoComplete="email"
            error={tValidation(errors.email?.message)}
            {...register('email')}
          />
          <PasswordInput
            label={t('PROFILE.PASSWORD.CURRENT')}
            autoComplete="current-password"
            error={tValidation(errors.currentPassword?.message)}
            visibilityToggleButtonProps={{ 'aria-label': t('AUTH.INPUT.TOGGLE_PASSWORD') }}
            {...register('currentPassword')}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={isSubmitting} disabled={isSubmitting || !isValid}>
            {t('PROFILE.EMAIL.SUBMIT')}
          </Button>
        </Group>
      </form>
    </SectionCard>
  );
}
