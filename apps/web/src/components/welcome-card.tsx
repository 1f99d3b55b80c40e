import { Paper, Text, Title } from '@mantine/core';
import { FormattedDate } from 'react-intl';
import { useCurrentUser } from '../lib/auth/auth-provider';
import { useT } from '../i18n/use-t';

/** A greeting with today's date in the reader's locale; `newcomer` (no account yet) is not welcomed back. */
export function WelcomeCard({ newcomer = false }: { newcomer?: boolean }) {
  const user = useCurrentUser();
  const { t } = useT();
  return (
    <Paper
      p={{ base: 'lg', md: 32 }}
      mb="lg"
      style={{ background: 'linear-gradient(120deg, #0b1b2b 0%, #0d2a3f 60%, #12314a 100%)', color: '#fff', border: 0 }}
    >
      <Text size="sm" c="#b5c1cf" mb={4}>
        <FormattedDate value={new Date()} dateStyle="full" />
      </Text>
      <Title order={2} c="white" fz={24}>
        {t(newcomer ? 'DASHBOARD.WELCOME_NEW' : 'DASHBOARD.WELCOME', { name: user.firstName })}
      </Title>
      <Text c="#c9d3df" mt={6}>
        {t('AUTH.TAGLINE')}
      </Text>
    </Paper>
  );
}
