import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { useT } from '../../../i18n/use-t';
import { securityErrorText } from '../../../lib/auth/security-error';
import { loginMfa } from '../api/login-mfa';
import { AuthHeading } from './auth-heading';

/**
 * The login's second step for an account with two-factor sign-in: the authenticator's 6-digit
 * code, or one of the recovery codes. Loaded only when the server asks for it.
 */
export default function MfaStep({
  mfaToken,
  onSignedIn,
  onCancel,
}: {
  mfaToken: string;
  onSignedIn: (accessToken: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t, tError } = useT();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const valid = recovery ? /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(code.trim()) : /^[0-9]{6}$/.test(code.trim());

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    try {
      const res = await loginMfa(mfaToken, code);
      await onSignedIn(res.accessToken);
    } catch (err) {
      setError(securityErrorText({ t, tError }, err, 'AUTH.LOGIN.ERROR_GENERIC'));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="mfa-heading">
      <AuthHeading
        title={<span id="mfa-heading">{t('SECURITY.MFA_LOGIN.TITLE')}</span>}
        subtitle={t(recovery ? 'SECURITY.MFA_LOGIN.RECOVERY_HINT' : 'SECURITY.MFA_LOGIN.HINT')}
      />
      <Stack gap="md">
        {error && (
          <FormAlert tone="error" testId="mfa-error">
            {error}
          </FormAlert>
        )}
        <TextInput
          key={recovery ? 'recovery' : 'totp'}
          label={t(recovery ? 'SECURITY.MFA_LOGIN.RECOVERY_LABEL' : 'SECURITY.MFA_LOGIN.CODE_LABEL')}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? 11 : 6}
          size="md"
          autoFocus
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          data-testid="mfa-code"
        />
        <Button type="submit" size="md" fullWidth loading={busy} disabled={busy || !valid}>
          {t('SECURITY.MFA_LOGIN.VERIFY')}
        </Button>
        <Group justify="space-between">
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={600}
            onClick={() => {
              setRecovery((r) => !r);
              setCode('');
              setError(null);
            }}
          >
            {t(recovery ? 'SECURITY.MFA_LOGIN.USE_APP' : 'SECURITY.MFA_LOGIN.USE_RECOVERY')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onCancel}>
            {t('SECURITY.MFA_LOGIN.BACK')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
