import type { Connector } from '@app/contracts/trading';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useT } from '../../../i18n/use-t';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useRevokeConnector } from '../api/revoke-connector';
import { connectorRefusalOf } from './connector-refusals';

/** Confirms, then revokes: the key stops working at once, on every server. */
export function RevokeConnectorDialog({
  connector,
  opened,
  onClose,
}: {
  connector: Connector | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t, tError } = useT();
  const revoke = useRevokeConnector();
  const name = connector?.name ?? '';

  const confirm = async () => {
    if (!connector) return;
    try {
      await revoke.mutateAsync(connector.id);
      toastSuccess(t('CONNECTORS.REVOKE.SUCCESS', { name }));
      onClose();
    } catch (error) {
      const refusal = connectorRefusalOf(error);
      toastError(refusal ? t(refusal) : tError(error, 'CONNECTORS.REVOKE.FAILED'));
    }
  };

  return (
    <ConfirmDialog
      opened={opened}
      title={t('CONNECTORS.REVOKE.TITLE')}
      confirmLabel={t('CONNECTORS.REVOKE')}
      busy={revoke.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      {t('CONNECTORS.REVOKE.TEXT', { name })}
    </ConfirmDialog>
  );
}
