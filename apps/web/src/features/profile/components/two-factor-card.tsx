import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Image,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { securityErrorText } from '../../../lib/auth/security-error';
import { useAuth } from '../../../lib/auth/auth-provider';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useConfirmMfa, useDisableMfa, useSetupMfa, type MfaSetup } from '../api/mfa';
import { SectionCard } from './section-card';
import { serverFieldError } from './server-field';

const sixDigits = (s: string) => /^[0-9]{6}$/.test(s.trim());

/**
 * Two-factor sign-in (TOTP): scan the QR code (or type the secret), confirm with a code, keep the
 * 10 recovery codes shown once; turning it off needs the password and a code.
 */
export function TwoFactorCard({ enabled, required }: { enabled: boolean; required: boolean }) {
  const { t, tError, tValidation } = useT();
  const { refreshUser } = useAuth();
  const setup = useSetupMfa();
  const confirm = useConfirmMfa();
  const disable = useDisableMfa();
  const [pending, setPending] = useState<MfaSetup | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [password, setPassword] = useState('');
  /** The server's refusal of the password typed to turn it off (shown on that field). */
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const fail = (error: unknown) => toastError(securityErrorText({ t, tError }, error, 'PROFILE.ERROR.GENERIC'));

  const start = () => setup.mutate(undefined, { onSuccess: (s) => setPending(s), onError: fail });
  const finish = () =>
    confirm.mutate(code, {
      onSuccess: (res) => {
        setPending(null);
        setCode('');
        setRecoveryCodes(res.recoveryCodes);
        toastSuccess(t('PROFILE.MFA.ENABLED'));
      },
      onError: fail,
    });
  const turnOff = () =>
    disable.mutate(
      { currentPassword: password, code },
      {
        onSuccess: () => {
          setPassword('');
          setCode('');
          toastSuccess(t('PROFILE.MFA.DISABLED'));
        },
        onError: (error) => {
          const named = serverFieldError(error, ['currentPassword'] as const);
          if (named) setPasswordError(named.message);
          else fail(error);
        },
      },
    );

  return (
    <SectionCard title={t('PROFILE.MFA.TITLE')} description={t('PROFILE.MFA.HINT')} testId="profile-mfa">
      <Group gap="xs">
        <Badge color={enabled ? 'green' : 'gray'} variant="dot" data-testid="mfa-status">
          {t(enabled ? 'PROFILE.MFA.ON' : 'PROFILE.MFA.OFF')}
        </Badge>
      </Group>
      {required && !enabled && (
        <Alert color="orange" title={t('PROFILE.MFA.REQUIRED_TITLE')} data-testid="mfa-required">
          {t('PROFILE.MFA.REQUIRED')}
        </Alert>
      )}

      {recoveryCodes && (
        <Alert color="blue" title={t('PROFILE.MFA.RECOVERY_TITLE')}>
          <Stack gap="xs">
            <Text size="sm">{t('PROFILE.MFA.RECOVERY_HINT')}</Text>
            <SimpleGrid cols={2} spacing={4} data-testid="recovery-codes">
              {recoveryCodes.map((c) => (
                <Code key={c} fz="sm">
                  {c}
                </Code>
              ))}
            </SimpleGrid>
            <Group justify="flex-end">
              <Button
                size="xs"
                onClick={() => {
                  setRecoveryCodes(null);
                  // Staff held at enrolment go on once the codes are put away.
                  void refreshUser().catch(() => undefined);
                }}
              >
                {t('PROFILE.MFA.RECOVERY_DONE')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}

      {!enabled && !pending && !recoveryCodes && (
        <Group justify="flex-end">
          <Button
            onClick={start}
            loading={setup.isPending}
            // A long label (German, Spanish) wraps on a phone rather than being cut.
            h="auto"
            mih="var(--button-height)"
            py={6}
            styles={{ label: { whiteSpace: 'normal', lineHeight: 1.3, textAlign: 'center' } }}
          >
            {t('PROFILE.MFA.ENABLE')}
          </Button>
        </Group>
      )}

      {!enabled && pending && (
        <Stack gap="sm">
          <Text size="sm">{t('PROFILE.MFA.SCAN')}</Text>
          <Image
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(pending.qrSvg)}`}
            alt={t('PROFILE.MFA.QR_ALT')}
            w={180}
            h={180}
            bg="white"
            p={4}
          />
          <Text size="sm">
            {t('PROFILE.MFA.SECRET')} <Code data-testid="mfa-secret">{pending.secret}</Code>
          </Text>
          <TextInput
            label={t('PROFILE.MFA.CODE')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            data-testid="mfa-confirm-code"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPending(null)}>
              {t('COMMON.CANCEL')}
            </Button>
            <Button onClick={finish} loading={confirm.isPending} disabled={!sixDigits(code)}>
              {t('PROFILE.MFA.CONFIRM')}
            </Button>
          </Group>
        </Stack>
      )}

      {enabled && !recoveryCodes && (
        <Stack gap="sm">
          <Text size="sm" fw={500}>
            {t('PROFILE.MFA.DISABLE_HINT')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label={t('PROFILE.PASSWORD.CURRENT')}
              autoComplete="current-password"
              value={password}
              error={tValidation(passwordError)}
              onChange={(e) => {
                setPassword(e.currentTarget.value);
                setPasswordError(undefined);
              }}
              visibilityToggleButtonProps={{ 'aria-label': t('AUTH.INPUT.TOGGLE_PASSWORD') }}
            />
            <TextInput
              label={t('PROFILE.MFA.CODE_OR_RECOVERY')}
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button
              color="red"
              variant="light"
              onClick={turnOff}
              loading={disable.isPending}
              disabled={!password || code.trim().length < 6}
            >
              {t('PROFILE.MFA.DISABLE')}
            </Button>
          </Group>
        </Stack>
      )}
    </SectionCard>
  );
}
