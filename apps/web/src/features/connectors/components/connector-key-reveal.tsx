import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/use-t';
import type { CreatedConnector } from '../api/create-connector';
import { curlExample } from './curl-example';

/**
 * A new API key (of a new connector, or after a rotation): shown here once, never again (only its
 * hash is stored). `note` says more under the key, such as until when the old one works.
 */
export function ConnectorKeyReveal({
  connector,
  note,
  onDone,
}: {
  connector: CreatedConnector;
  note?: ReactNode;
  onDone: () => void;
}) {
  const { t } = useT();
  const curl = curlExample(window.location.origin, connector.key);
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
        {note && (
          <Text size="sm" mt="xs" data-testid="connector-key-note">
            {note}
          </Text>
        )}
      </div>
      <div>
        <Text size="sm" fw={600} mb={4}>
          {t('CONNECTORS.KEY.CURL_TITLE')}
        </Text>
        <Text size="sm" c="dimmed" mb={6}>
          {t('CONNECTORS.KEY.CURL_TEXT')}
        </Text>
        <Code
          block
          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}
          data-testid="connector-curl"
        >
          {curl}
        </Code>
        <CopyButton value={curl} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              mt="xs"
              size="xs"
              variant="default"
              leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
              onClick={copy}
              aria-live="polite"
            >
              {t(copied ? 'CONNECTORS.KEY.COPIED' : 'CONNECTORS.KEY.COPY_CURL')}
            </Button>
          )}
        </CopyButton>
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
