import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAward } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { achievementText, KIND_LABELS, type CertificateFacts } from './certificate-texts';

/** The certificate drawn in HTML (the gallery's preview and the public page), not the PDF. */
export function CertificateCard({ certificate: c, children }: { certificate: CertificateFacts; children?: ReactNode }) {
  const { t } = useT();
  const format = useFormat();
  const revoked = c.revokedAt !== null;
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      data-testid="certificate-card"
      data-code={c.code}
      style={{
        borderWidth: 2,
        borderColor: revoked ? 'var(--mantine-color-red-6)' : 'var(--mantine-primary-color-filled)',
        background: 'var(--app-surface)',
      }}
    >
      <Stack gap="xs" align="center" ta="center">
        <Group gap={6} justify="center">
          <IconAward size={22} aria-hidden color="var(--mantine-primary-color-filled)" />
          <Text fw={700} tt="uppercase" size="sm" c="dimmed">
            {t(KIND_LABELS[c.kind])}
          </Text>
        </Group>
        {revoked && (
          <Badge color="red" variant="dot" data-testid="certificate-revoked">
            {t('CERTIFICATES.REVOKED_ON', { date: format.date(c.revokedAt!) })}
          </Badge>
        )}
        <Text size="sm" c="dimmed">
          {t('CERTIFICATES.PRESENTED_TO')}
        </Text>
        <Title order={3} fz={{ base: 20, sm: 24 }} style={{ overflowWrap: 'anywhere' }}>
          {c.holderName}
        </Title>
        <Text>{achievementText(t, format.money, c)}</Text>
        <Group gap="lg" justify="center" mt="xs" wrap="wrap">
          <div>
            <Text size="xs" c="dimmed">
              {t('CERTIFICATES.ISSUED_ON')}
            </Text>
            <Text size="sm" fw={600}>
              <time dateTime={c.issuedAt}>{format.date(c.issuedAt)}</time>
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('CERTIFICATES.CODE')}
            </Text>
            <Text size="sm" fw={600} ff="monospace" data-testid="certificate-code">
              {c.code}
            </Text>
          </div>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
