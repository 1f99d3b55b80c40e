import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t';
import type { CreatedConnector } from '../api/create-connector';

/** The new connector's API key: shown here once, never again (only its hash is stored). */
export function ConnectorKeyReveal({ connector, onDone }: { connector: CreatedConnector; onDone: () => void }) {
  const { t } = useT();
  return (
    <Stack gap="md" data-testid="connector-key-reveal">
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        title={t('CONNECTORS.KEY.TITLE')}
        // The yellow stays in the tint and the icon; text in yellow would be unreadable on it.
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        {t('CONNECTORS.KEY.WARNING')}
      </Alert>
      <div>
        <Text component="label" htmlFor="connector-key" size="sm" fw={600} display="block" mb={6}>
          {t('CONNECTORS.KEY.LABEL', { name: connector.name })}
        </Text>
        <Code
          id="connector-key"
          block
          style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap', fontSize: 14 }}
          data-testid="connector-key"
        >
          {connector.key}
        </Code>
      </div>
      <Group justify="space-between" gap="sm">
        <CopyButton value={connector.key} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'filled'}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              onClick={copy}
              aria-live="polite"
            >
              {t(copied ? 'CONNECTORS.KEY.COPIED' : 'CONNECTORS.KEY.COPY')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={onDone} data-testid="connector-key-done">
          {t('CONNECTORS.KEY.DONE')}
        </Button>
      </Group>
    </Stack>
  );
}
