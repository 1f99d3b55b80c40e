import { createAdminUserRequestSchema, USER_LANGUAGES, type CreateAdminUserRequest } from '@app/contracts/admin-users';
import { ROLES, USER_STATUSES } from '@app/contracts/constants';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useT } from '../../../i18n/use-t';
import { toastError, toastSuccess } from '../../../lib/toast';
import type { AdminUserDetail } from '../api/get-user';
import { useSaveUser } from '../api/save-user';
import { fieldErrorOf } from './server-field-errors';

const LANGUAGE_NAMES: Record<(typeof USER_LANGUAGES)[number], string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  ja: '日本語',
  zh: '中文',
};

type Values = CreateAdminUserRequest & { language: (typeof USER_LANGUAGES)[number] };

/**
 * Names, email, role and status; on create also the language of the set-password mail (staff never
 * type a password). Read-only for SUPPORT: the fields are shown, disabled, with no Save.
 */
export function UserForm({ user, canWrite, selfId }: { user?: AdminUserDetail; canWrite: boolean; selfId: string }) {
  const { t, tError, tValidation } = useT();
  const navigate = useNavigate();
  const save = useSaveUser();
  const isSelf = user?.id === selfId;
  const { register, handleSubmit, formState, setError, reset } = useForm<Values>({
    resolver: standardSchemaResolver(createAdminUserRequestSchema) as never,
    values: {
      email: user?.email ?? '',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      role: user?.role ?? 'USER',
      status: user?.status ?? 'active',
      language: user?.language ?? 'en',
    },
  });
  const disabled = !canWrite || Boolean(user?.anonymised);

  const onSubmit = handleSubmit(async ({ language, ...rest }) => {
    try {
      const saved = await save.mutateAsync({ id: user?.id, body: user ? rest : { ...rest, language } });
      if (user) {
        toastSuccess(t('USERS.SAVED'));
        reset();
      } else {
        toastSuccess(t('USERS.CREATED', { email: saved.user.email }));
        void navigate(`/users/${saved.user.id}/edit-user`, { replace: true });
      }
    } catch (error) {
      const named = fieldErrorOf(error);
      if (named && ['email', 'firstName', 'lastName', 'role', 'status'].includes(named.field)) {
        setError(named.field as keyof Values, { message: t(named.messageId) });
      } else {
        toastError(named ? t(named.messageId) : tError(error, 'USERS.SAVE_FAILED'));
      }
    }
  });

  const err = (name: keyof Values) => {
    const m = formState.errors[name]?.message;
    return m ? tValidation(m) : undefined;
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="user-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('USERS.FIELD.FIRST_NAME')}
            required
            disabled={disabled}
            error={err('firstName')}
            {...register('firstName')}
          />
          <TextInput
            label={t('USERS.FIELD.LAST_NAME')}
            required
            disabled={disabled}
            error={err('lastName')}
            {...register('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label={t('USERS.FIELD.EMAIL')}
          type="email"
          required
          disabled={disabled || isSelf}
          description={user && !isSelf ? t('USERS.FIELD.EMAIL_CHANGE_HINT') : undefined}
          autoComplete="off"
          error={err('email')}
          {...register('email')}
        />
        <SimpleGrid cols={{ base: 1, sm: user ? 2 : 3 }}>
          <NativeSelect
            label={t('USERS.FIELD.ROLE')}
            description={t('USERS.FIELD.ROLE_HINT')}
            disabled={disabled || isSelf}
            data={ROLES.map((r) => ({ value: r, label: t(`ROLE.${r}`) }))}
            error={err('role')}
            {...register('role')}
          />
          <NativeSelect
            label={t('USERS.FIELD.STATUS')}
            description={t('USERS.FIELD.STATUS_HINT')}
            disabled={disabled || isSelf}
            data={USER_STATUSES.map((s) => ({
              value: s,
              label: t(s === 'active' ? 'USERS.STATUS.ACTIVE' : 'USERS.STATUS.SUSPENDED'),
            }))}
            error={err('status')}
            {...register('status')}
          />
          {!user && (
            <NativeSelect
              label={t('USERS.FIELD.LANGUAGE')}
              description={t('USERS.FIELD.LANGUAGE_HINT')}
              disabled={disabled}
              data={USER_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
              {...register('language')}
            />
          )}
        </SimpleGrid>
        {!user && (
          <Text size="sm" c="dimmed">
            {t('USERS.CREATE.MAIL_NOTE')}
          </Text>
        )}
        {isSelf && (
          <Text size="sm" c="dimmed">
            {t('USERS.SELF_NOTE')}
          </Text>
        )}
        {!disabled && (
          <Group justify="flex-end">
            <Button type="submit" loading={formState.isSubmitting} data-testid="user-save">
              {t(user ? 'USERS.SAVE' : 'USERS.CREATE')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
