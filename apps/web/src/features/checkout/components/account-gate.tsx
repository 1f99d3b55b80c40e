import { Button, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconLogin, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/use-t';

/**
 * A visitor pays once they have an account. The basket and the form are kept in the tab as they
 * change; registering or signing in with `next=checkout` comes back to them.
 */
export function AccountGate() {
  const { t } = useT();
  return (
    <Paper withBorder p="md" style={{ borderColor: 'var(--app-border)' }} data-testid="account-gate">
      <Stack gap="sm">
        <Text fw={600}>{t('CHECKOUT.ACCOUNT.TITLE')}</Text>
        <Text size="sm" c="dimmed">
          {t('CHECKOUT.ACCOUNT.TEXT')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button
            component={Link}
            to="/auth/registration?next=checkout"
            leftSection={<IconUserPlus size={16} aria-hidden />}
          >
            {t('CHECKOUT.ACCOUNT.REGISTER')}
          </Button>
          <Button
            component={Link}
            to="/auth/login?next=checkout"
            variant="default"
            leftSection={<IconLogin size={16} aria-hidden />}
          >
            {t('CHECKOUT.ACCOUNT.SIGN_IN')}
          </Button>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
