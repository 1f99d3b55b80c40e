import { registrationFormSchema } from '@app/contracts/auth';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { Anchor, Button, Checkbox, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { FormAlert } from '../../../components/form-alert';
import { useT } from '../../../i18n/use-t';
import { register as registerUser } from '../api/register';
import { AuthHeading } from '../components/auth-heading';
import { NewPasswordFields } from '../components/new-password-fields';
import { withPasswordMatch } from '../schemas';

type RegistrationValues = z.input<typeof registrationFormSchema>;

export default function RegistrationPage() {
  const { t, tValidation, tError } = useT();
  const navigate = useNavigate();
  const toCheckout = useSearchParams()[0].get('next') === 'checkout';
  const [formError, setFormError] = useState<string | null>(null);

  const { register, handleSubmit, formState, watch } = useForm<RegistrationValues>({
    resolver: withPasswordMatch(standardSchemaResolver(registrationFormSchema)),
    mode: 'onTouched',
    defaultValues: {
      email: '',
      firstName: '',
      lastName: '',
      password: '',
      changepassword: '',
      acceptTerms: false as unknown as true,
    },
  });
  const { errors, isSubmitting, isValid } = formState;
  const acceptTerms = watch('acceptTerms');

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const res = await registerUser({
        email: values.email,
        password: values.password,
        firstName: values.firstName,
        lastName: values.lastName,
      });
      // From the checkout, the login that follows returns to the basket.
      if (res?.status === 200) void navigate(`/auth/login/?registration=success${toCheckout ? '&next=checkout' : ''}`);
      else setFormError(t('AUTH.REGISTER.ERROR_GENERIC'));
    } catch (error) {
      setFormError(tError(error, 'AUTH.REGISTER.ERROR_GENERIC'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="registration-heading">
      <AuthHeading
        title={<span id="registration-heading">{t('AUTH.REGISTER.TITLE')}</span>}
        subtitle={t('AUTH.REGISTER.SUBTITLE')}
      />
      <Stack gap="md">
        {formError && (
          <FormAlert tone="error" testId="form-error">
            {formError}
          </FormAlert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('AUTH.INPUT.FIRSTNAME')}
            autoComplete="given-name"
            required
            withAsterisk={false}
            error={tValidation(errors.firstName?.message)}
            {...register('firstName')}
          />
          <TextInput
            label={t('AUTH.INPUT.LASTNAME')}
            autoComplete="family-name"
            required
            withAsterisk={false}
            error={tValidation(errors.lastName?.message)}
            {...register('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label={t('AUTH.INPUT.EMAIL')}
          type="email"
          autoComplete="email"
          placeholder="name@example.com"
          required
          withAsterisk={false}
          error={tValidation(errors.email?.message)}
          {...register('email')}
        />
        <NewPasswordFields
          passwordLabel={t('AUTH.INPUT.PASSWORD')}
          password={register('password')}
          confirmation={register('changepassword')}
          passwordError={errors.password?.message}
          confirmationError={errors.changepassword?.message}
        />
        <Checkbox
          label={
            <>
              {t('AUTH.REGISTER.ACCEPT_TERMS')}{' '}
              <Anchor component={Link} to="/legal" target="_blank" inherit fw={600}>
                {t('AUTH.REGISTER.TERMS')}
              </Anchor>
            </>
          }
          error={tValidation(errors.acceptTerms?.message)}
          {...register('acceptTerms')}
        />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={isSubmitting}
          disabled={isSubmitting || !isValid || !acceptTerms}
        >
          {t('AUTH.REGISTER.BUTTON')}
        </Button>
        <Text ta="center" size="sm" c="dimmed">
          {t('AUTH.REGISTER.HAVE_ACCOUNT')}{' '}
          <Anchor component={Link} to={toCheckout ? '/auth/login?next=checkout' : '/auth/login'} fw={600}>
            {t('AUTH.REGISTER.SIGN_IN')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
