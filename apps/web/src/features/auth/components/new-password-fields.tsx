import { PasswordInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useT } from '../../../i18n/use-t';

/** A new password and its confirmation (fields `password` and `changepassword`), as on registration and reset. */
export function NewPasswordFields(props: {
  passwordLabel: string;
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  passwordError?: string;
  confirmationError?: string;
}) {
  const { t, tValidation } = useT();
  const shared = {
    autoComplete: 'new-password',
    required: true,
    withAsterisk: false,
    visibilityToggleButtonProps: { 'aria-label': t('AUTH.INPUT.TOGGLE_PASSWORD') },
  };
  return (
    <>
      <PasswordInput
        label={props.passwordLabel}
        description={t('AUTH.REGISTER.PASSWORD_HINT')}
        error={tValidation(props.passwordError)}
        {...shared}
        {...props.password}
      />
      <PasswordInput
        label={t('AUTH.INPUT.CONFIRM_PASSWORD')}
        error={tValidation(props.confirmationError)}
        {...shared}
        {...props.confirmation}
      />
    </>
  );
}
