import type { CertificateCard as Card } from '@app/contracts/certificates';
import { Anchor, Button, CopyButton, Group, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCertificate,
  IconCheck,
  IconCopy,
  IconDownload,
  IconExternalLink,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyPanel } from '../../../components/empty-panel';
import { ListMessage } from '../../../components/list-table/list-message';
import { useT } from '../../../i18n/use-t';
import { PageFrame } from '../../../layout/page-frame';
import { toastError } from '../../../lib/toast';
import { downloadCertificate } from '../api/download-certificate';
import { useMyCertificates } from '../api/list-my-certificates';
import { CertificateCard } from '../components/certificate-card';

/** /certificates (member): each certificate drawn as a card, its PDF and its verification link. */
export default function CertificatesPage() {
  const { t } = useT();
  const query = useMyCertificates();
  let body;
  if (query.isPending)
    body = (
      <SimpleGrid cols={{ base: 1, md: 2 }} data-testid="certificates-loading" aria-busy>
        {[0, 1].map((i) => (
          <Skeleton key={i} height={280} radius="md" />
        ))}
      </SimpleGrid>
    );
  else if (query.isError)
    body = (
      <Paper withBorder>
        <ListMessage
          tone="error"
          icon={<IconAlertTriangle size={28} aria-hidden />}
          title={t('CERTIFICATES.ERROR.TITLE')}
          text={t('CERTIFICATES.ERROR.TEXT')}
          testId="certificates-error"
        >
          <Button variant="light" onClick={() => void query.refetch()}>
            {t('LIST.RETRY')}
          </Button>
        </ListMessage>
      </Paper>
    );
  else if (query.data.certificates.length === 0)
    body = (
      <EmptyPanel
        icon={<IconCertificate size={28} aria-hidden />}
        title={t('CERTIFICATES.EMPTY.TITLE')}
        description={t('CERTIFICATES.EMPTY.TEXT')}
      />
    );
  else
    body = (
      <SimpleGrid cols={{ base: 1, md: 2 }} data-testid="certificates-gallery">
        {query.data.certificates.map((c) => (
          <GalleryItem key={c.id} certificate={c} />
        ))}
      </SimpleGrid>
    );
  return (
    <PageFrame title={t('MENU.CERTIFICATES')} breadcrumbs={[{ label: t('MENU.CERTIFICATES') }]}>
      <Text c="dimmed" size="sm" mb="lg" maw={720}>
        {t('CERTIFICATES.INTRO')}
      </Text>
      {body}
    </PageFrame>
  );
}

function GalleryItem({ certificate: c }: { certificate: Card }) {
  const { t, tError, intl } = useT();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadCertificate(c, intl.locale);
    } catch (error) {
      toastError(tError(error, 'CERTIFICATES.DOWNLOAD_FAILED'));
    } finally {
      setBusy(false);
    }
  };
  const path = `/verify/${c.code}`;
  return (
    <CertificateCard certificate={c}>
      <Group gap="xs" justify="center" mt="sm" wrap="wrap">
        <Button
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden />}
          loading={busy}
          onClick={() => void download()}
          data-testid="certificate-download"
        >
          {t('CERTIFICATES.DOWNLOAD')}
        </Button>
        <CopyButton value={c.verifyUrl} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="default"
              leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
              onClick={copy}
              data-testid="certificate-copy"
            >
              {t(copied ? 'CERTIFICATES.COPIED' : 'CERTIFICATES.COPY_LINK')}
            </Button>
          )}
        </CopyButton>
        <Anchor component={Link} to={path} size="sm" style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}>
          <IconExternalLink size={14} aria-hidden /> {t('CERTIFICATES.OPEN_VERIFY')}
        </Anchor>
      </Group>
    </CertificateCard>
  );
}
