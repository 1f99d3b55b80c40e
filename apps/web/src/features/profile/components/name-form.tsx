import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { updateNameRequestSchema } from '@app/contracts/account';
import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useT } from '../../../i18n/use-t';
import { useAuth } from '../../../lib/auth/auth-provider';
import { userKeys } from '../../../lib/auth/user-query';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useUpdateName } from '../api/update-profile';
import { SectionCard } from './section-card';

type Values = z.input<typeof updateNameRequestSchema>;

/** First and last name (SPEC §5: 3 to 50 characters, required); the header follows at once. */
export function NameForm({ firstName, lastName }: { firstName: string; lastName: string }) {
  const { t, tValidation, tError } = useT();
  const { refreshUser } = useAuth();
  const mutation = useUpdateName();
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState, reset } = useForm<Values>({
    resolver: standardSchemaResolver(updateNameRequestSchema),
    mode: 'onTouched',
    values: { firstName, lastName },
  });
  const { errors, isSubmitting, isValid, isDirty } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await mutation.mutateAsync({ firstName: values.firstName.trim(), lastName: values.lastName.trim() });
      reset({ firstName: res.profile.firstName, lastName: res.profile.lastName });
      // The header (signed-in user) and the summary card (user query) show the new name.
      await Promise.all([refreshUser(), queryClient.invalidateQueries({ queryKey: userKeys.all })]);
      toastSuccess(t('PROFILE.NAME.SAVED'));
    } catch (error) {
      toastError(tError(error, 'PROFILE.ERROR.GENERIC'));
    }
  });

  return (
    <SectionCard title={t('PROFILE.NAME.TITLE')} testId="profile-name">
      <form onSubmit={onSubmit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('AUTH.INPUT.FIRSTNAME')}
            autoComplete="given-name"
            error={tValidation(errors.firstName?.message)}
            {...register('firstName')}
          />
          <TextInput
            label={t('AUTH.INPUT.LASTNAME')}
            autoComplete="family-name"
            error={tValidation(errors.lastName?.message)}
            {...register('lastName')}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={isSubmitting} disabled={isSubmitting || !isValid || !isDirty}>
            {t('PROFILE.SAVE')}
          </Button>
        </Group>
      </form>
    </SectionCard>
  );
}
