import { Anchor, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useT } from '../../../i18n/use-t';
import { securityErrorText } from '../../../lib/auth/security-error';
import { confirmEmailChange } from '../api/change-email';

/**
 * /confirm-email?token=…: the link from the mail to the new address. The change ends every
 * session (a tab still signed in learns it at its next check), so the page leads to the sign-in.
 */
export default function ConfirmEmailPage() {
  const { t, tError } = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ status: 'busy' } | { status: 'done' } | { status: 'failed'; message: string }>({
    status: 'busy',
  });
  const sent = useRef(false);

  useEffect(() => {
    // Once, even under React's double effects in development: the link is single-use.
    if (sent.current) return;
    sent.current = true;
    confirmEmailChange(token)
      .then(() => setState({ status: 'done' }))
      .catch((error: unknown) =>
        setState({ status: 'failed', message: securityErrorText({ t, tError }, error, 'PROFILE.ERROR.GENERIC') }),
      );
  }, [token, t, tError]);

  return (
    <Center mih="60vh" p="md">
      <Paper withBorder p="xl" maw={460} w="100%">
        <Stack gap="md" align="center" ta="center">
          <Title order={1} fz={22}>
            {t('PROFILE.EMAIL.CONFIRM_TITLE')}
          </Title>
          {state.status === 'busy' && <Loader aria-label={t('COMMON.LOADING')} />}
          {state.status === 'done' && <Text data-testid="email-confirmed">{t('PROFILE.EMAIL.CONFIRMED')}</Text>}
          {state.status === 'failed' && (
            <Text c="red" role="alert">
              {state.message}
            </Text>
          )}
          <Anchor component={Link} to="/auth/login" fw={600}>
            {t('PROFILE.EMAIL.TO_LOGIN')}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
