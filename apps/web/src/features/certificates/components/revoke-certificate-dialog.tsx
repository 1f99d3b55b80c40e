import type { AdminCertificate } from '@app/contracts/certificates';
import { Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useT } from '../../../i18n/use-t';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useRevokeCertificate } from '../api/revoke-certificate';

/** Revokes a certificate with its reason (required); the public page says revoked from then on. */
export function RevokeCertificateDialog({
  certificate,
  onClose,
}: {
  certificate: AdminCertificate | null;
  onClose: () => void;
}) {
  const { t, tError } = useT();
  const revoke = useRevokeCertificate();
  const [reason, setReason] = useState('');
  const [shown, setShown] = useState<AdminCertificate | null>(null);
  useEffect(() => {
    if (certificate) {
      setShown(certificate);
      setReason('');
    }
  }, [certificate]);
  const code = shown?.code ?? '';
  const tooShort = reason.trim().length < 3;

  const confirm = async () => {
    if (!shown || tooShort) return;
    try {
      await revoke.mutateAsync({ id: shown.id, reason: reason.trim() });
      toastSuccess(t('CERTIFICATES.REVOKE.SUCCESS', { code }));
      onClose();
    } catch (error) {
      toastError(tError(error, 'CERTIFICATES.REVOKE.FAILED'));
    }
  };

  return (
    <ConfirmDialog
      opened={certificate !== null}
      title={t('CERTIFICATES.REVOKE.TITLE', { code })}
      confirmLabel={t('CERTIFICATES.REVOKE')}
      busy={revoke.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <Stack gap="sm">
        <Text size="sm">{t('CERTIFICATES.REVOKE.TEXT', { name: shown?.holderName ?? '' })}</Text>
        <TextInput
          label={t('CERTIFICATES.REASON')}
          required
          value={reason}
          maxLength={300}
          error={reason.length > 0 && tooShort ? t('CERTIFICATES.REASON.TOO_SHORT') : undefined}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-testid="certificate-revoke-reason"
        />
      </Stack>
    </ConfirmDialog>
  );
}
