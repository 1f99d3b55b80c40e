import { Alert, Box, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconHelpCircle } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo';
import { LanguageMenu } from '../../../components/language-menu';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { isUnknownCode, useVerifyCertificate } from '../api/verify-certificate';
import { CertificateCard } from '../components/certificate-card';

/** /verify/{code}, public: whether a certificate is genuine, and revoked when it is. */
export default function VerifyPage() {
  const { code = '' } = useParams();
  const { t, tError } = useT();
  const format = useFormat();
  const query = useVerifyCertificate(code);

  let body;
  if (query.isPending) body = <Skeleton height={320} radius="md" data-testid="verify-loading" />;
  else if (query.isError && isUnknownCode(query.error))
    body = (
      <Alert
        color="gray"
        variant="light"
        icon={<IconHelpCircle aria-hidden />}
        data-testid="verify-unknown"
        role="status"
      >
        <Text fw={600}>{t('VERIFY.UNKNOWN.TITLE')}</Text>
        <Text size="sm">{t('VERIFY.UNKNOWN.TEXT', { code })}</Text>
      </Alert>
    );
  else if (query.isError)
    body = (
      <Alert color="red" variant="light" icon={<IconCircleX aria-hidden />} data-testid="verify-error" role="alert">
        <Text size="sm" mb="xs">
          {tError(query.error, 'VERIFY.ERROR')}
        </Text>
        <Button size="xs" variant="light" onClick={() => void query.refetch()}>
          {t('LIST.RETRY')}
        </Button>
      </Alert>
    );
  else {
    const c = query.data;
    body = (
      <Stack>
        {c.valid ? (
          <Alert
            color="green"
            variant="light"
            icon={<IconCircleCheck aria-hidden />}
            data-testid="verify-valid"
            role="status"
          >
            <Text fw={600}>{t('VERIFY.VALID')}</Text>
          </Alert>
        ) : (
          <Alert
            color="red"
            variant="light"
            icon={<IconCircleX aria-hidden />}
            data-testid="verify-revoked"
            role="status"
          >
            <Text fw={600}>{t('VERIFY.REVOKED', { date: format.dateTime(c.revokedAt!) })}</Text>
          </Alert>
        )}
        <CertificateCard certificate={c} />
      </Stack>
    );
  }

  return (
    <Box component="main" mih="100vh" py={{ base: 'md', md: 32 }} bg="var(--mantine-color-body)">
      <Container size={720}>
        <Group justify="space-between" mb="xl" wrap="nowrap">
          <Link to="/" aria-label={t('MENU.HOME')}>
            <BrandLogo height={30} />
          </Link>
          <LanguageMenu compact />
        </Group>
        <Title order={1} fz={{ base: 24, md: 30 }} mb={4}>
          {t('VERIFY.TITLE')}
        </Title>
        <Text c="dimmed" mb="lg">
          {t('VERIFY.INTRO')}
        </Text>
        {body}
      </Container>
    </Box>
  );
}
