import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconLogin, IconUserPlus } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t';

/**
 * A visitor pays once they have an account: registering or signing in keeps the basket and the
 * form (`onLeave` stores them) and comes back here.
 */
export function AccountGate({ onLeave }: { onLeave: (to: 'registration' | 'login') => void }) {
  const { t } = useT();
  return (
    <Paper withBorder p="md" style={{ borderColor: 'var(--app-border)' }} data-testid="account-gate">
      <Stack gap="sm">
        <Text fw={600}>{t('CHECKOUT.ACCOUNT.TITLE')}</Text>
        <Text size="sm" c="dimmed">
          {t('CHECKOUT.ACCOUNT.TEXT')}
        </Text>
        <Group grow>
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => onLeave('registration')}>
            {t('CHECKOUT.ACCOUNT.REGISTER')}
          </Button>
          <Button variant="default" leftSection={<IconLogin size={16} aria-hidden />} onClick={() => onLeave('login')}>
            {t('CHECKOUT.ACCOUNT.SIGN_IN')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
