import { certificateListQuerySchema, type AdminCertificate } from '@app/contracts/certificates';
import { Button, Group, Text } from '@mantine/core';
import { IconAward, IconPlus } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListTable } from '../../../components/list-table/list-table';
import { useT } from '../../../i18n/use-t';
import { PageFrame } from '../../../layout/page-frame';
import { useCurrentUser } from '../../../lib/auth/auth-provider';
import { isAdmin } from '../../../lib/auth/roles';
import { useListState } from '../../../lib/list-state/use-list-state';
import { toastError } from '../../../lib/toast';
import { downloadCertificate } from '../api/download-certificate';
import { useAdminCertificates } from '../api/list-admin-certificates';
import { AdminCertificateFilters } from '../components/admin-certificate-filters';
import { useAdminCertificateColumns } from '../components/admin-certificate-columns';
import { IssueCertificateDialog } from '../components/issue-certificate-dialog';
import { RevokeCertificateDialog } from '../components/revoke-certificate-dialog';

/**
 * /admin-certificates (staff): every certificate, filtered on the server; ADMIN issues by hand and
 * revokes (SUPPORT reads). The Create dialog opens the issue form with `issue=1`.
 */
export default function AdminCertificatesPage() {
  const { t, tError, intl } = useT();
  const canWrite = isAdmin(useCurrentUser());
  const list = useListState(certificateListQuerySchema);
  const query = useAdminCertificates(list.params);
  const [search, setSearch] = useSearchParams();
  const issuing = canWrite && search.get('issue') === '1';
  const setIssuing = (open: boolean) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      if (open) next.set('issue', '1');
      else next.delete('issue');
      return next;
    });
  const [revoking, setRevoking] = useState<AdminCertificate | null>(null);
  const onDownload = useCallback(
    (c: AdminCertificate) =>
      void downloadCertificate(c, intl.locale, 'staff').catch((error: unknown) =>
        toastError(tError(error, 'CERTIFICATES.DOWNLOAD_FAILED')),
      ),
    [intl.locale, tError],
  );
  const columns = useAdminCertificateColumns({ canWrite, onRevoke: setRevoking, onDownload });

  return (
    <PageFrame title={t('MENU.CERTIFICATES')} breadcrumbs={[{ label: t('MENU.CERTIFICATES') }]}>
      <Group justify="space-between" align="flex-start" mb="md" wrap="wrap">
        <Text c="dimmed" size="sm" maw={720}>
          {t('CERTIFICATES.ADMIN.INTRO')} {!canWrite && t('CERTIFICATES.ADMIN.READ_ONLY')}
        </Text>
        {canWrite && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setIssuing(true)}
            data-testid="certificate-issue"
          >
            {t('CERTIFICATES.ISSUE')}
          </Button>
        )}
      </Group>
      <AdminCertificateFilters list={list} />
      <ListTable
        label={t('MENU.CERTIFICATES')}
        columns={columns}
        query={query}
        list={list}
        testId="certificates-table"
        empty={{
          icon: <IconAward size={28} aria-hidden />,
          title: t('CERTIFICATES.ADMIN.EMPTY.TITLE'),
          text: t('CERTIFICATES.ADMIN.EMPTY.TEXT'),
        }}
      />
      {canWrite && <IssueCertificateDialog opened={issuing} onClose={() => setIssuing(false)} />}
      <RevokeCertificateDialog certificate={revoking} onClose={() => setRevoking(null)} />
    </PageFrame>
  );
}
