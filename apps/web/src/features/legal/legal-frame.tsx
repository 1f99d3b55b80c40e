import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { useT } from '../../i18n/use-t';

/** Privacy, Legal and Contact: reachable signed in or out, linked from every footer. */
export function LegalFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useT();
  return (
    <main style={{ minHeight: '100vh', background: 'var(--mantine-color-body)', padding: '32px 0' }}>
      <Container size={760}>
        <Stack gap="lg">
          <BrandLogo height={32} />
          <Paper
            withBorder
            p={{ base: 'lg', md: 40 }}
            style={{ background: 'var(--app-surface)', borderColor: 'var(--app-border)' }}
          >
            <Title order={1} fz={28} mb="md">
              {title}
            </Title>
            <Stack gap="sm">{children}</Stack>
          </Paper>
          <Anchor component={Link} to="/" fw={600} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
            <IconArrowLeft size={16} aria-hidden /> {t('LEGAL.BACK')}
          </Anchor>
        </Stack>
      </Container>
    </main>
  );
}

export function Para({ children }: { children: ReactNode }) {
  return <Text>{children}</Text>;
}
