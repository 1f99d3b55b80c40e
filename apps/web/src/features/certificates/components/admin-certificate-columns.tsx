import type { AdminCertificate } from '@app/contracts/certificates';
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconBan, IconDownload } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { ListColumn } from '../../../components/list-table/list-table-types';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { achievementText, KIND_LABELS } from './certificate-texts';

/** The staff list's columns; Revoke only for ADMIN and only while valid. */
export function useAdminCertificateColumns({
  canWrite,
  onRevoke,
  onDownload,
}: {
  canWrite: boolean;
  onRevoke: (c: AdminCertificate) => void;
  onDownload: (c: AdminCertificate) => void;
}) {
  const { t } = useT();
  const format = useFormat();
  return useMemo<ListColumn<AdminCertificate>[]>(
    () => [
      {
        accessor: 'code',
        title: t('CERTIFICATES.CODE'),
        noWrap: true,
        render: (c) => (
          <Text size="sm" ff="monospace" fw={600} data-testid="admin-certificate-code">
            {c.code}
          </Text>
        ),
      },
      {
        accessor: 'member',
        title: t('CERTIFICATES.COL.MEMBER'),
        cellsStyle: () => ({ minWidth: '12rem' }),
        render: (c) => (
          <div>
            <Text size="sm">{c.holderName}</Text>
            <Text size="xs" c="dimmed">
              {c.userEmail}
            </Text>
          </div>
        ),
      },
      {
        accessor: 'kind',
        title: t('CERTIFICATES.COL.KIND'),
        sortable: true,
        cellsStyle: () => ({ minWidth: '12rem' }),
        render: (c) => (
          <div>
            <Text size="sm">{t(KIND_LABELS[c.kind])}</Text>
            <Text size="xs" c="dimmed">
              {achievementText(t, format.money, c)}
              {c.accountLogin ? ` · ${c.accountLogin}` : ''}
            </Text>
          </div>
        ),
      },
      {
        accessor: 'issuedAt',
        title: t('CERTIFICATES.COL.ISSUED'),
        sortable: true,
        noWrap: true,
        render: (c) => format.dateTime(c.issuedAt),
      },
      {
        accessor: 'revokedAt',
        title: t('CERTIFICATES.COL.STATUS'),
        render: (c) =>
          c.revokedAt ? (
            <div>
              <Badge color="red" variant="dot" data-testid="admin-certificate-revoked">
                {t('CERTIFICATES.STATUS.REVOKED')}
              </Badge>
              <Text size="xs" c="dimmed">
                {format.dateTime(c.revokedAt)} · {c.revokedReason}
              </Text>
            </div>
          ) : (
            <Badge color="green" variant="dot">
              {t('CERTIFICATES.STATUS.VALID')}
            </Badge>
          ),
      },
      {
        accessor: 'actions',
        title: t('CERTIFICATES.COL.ACTIONS'),
        textAlign: 'right',
        render: (c) => (
          <Group gap={6} justify="flex-end" wrap="nowrap">
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconDownload size={14} aria-hidden />}
              onClick={() => onDownload(c)}
            >
              {t('CERTIFICATES.PDF')}
            </Button>
            {canWrite && !c.revokedAt && (
              <Button
                size="compact-sm"
                color="red"
                variant="light"
                leftSection={<IconBan size={14} aria-hidden />}
                onClick={() => onRevoke(c)}
                data-testid="admin-certificate-revoke"
              >
                {t('CERTIFICATES.REVOKE')}
              </Button>
            )}
          </Group>
        ),
      },
    ],
    [t, format, canWrite, onRevoke, onDownload],
  );
}
