import type { Connector } from '@app/contracts/trading';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useKeyRotation } from '../api/get-key-rotation';
import { useRotateConnector, type RotatedConnector } from '../api/rotate-connector';
import { connectorRefusalOf } from './connector-refusals';

/**
 * Confirms, then rotates: a new key for the same connector (its events stay one stream, so
 * re-sent ones remain duplicates); the old key works for the server's grace, then stops.
 * `askedAt` is when the admin asked: the grace end shown is a lower bound of the real one.
 */
export function RotateConnectorDialog({
  connector,
  askedAt,
  opened,
  onClose,
  onRotated,
}: {
  connector: Connector | null;
  askedAt: number;
  opened: boolean;
  onClose: () => void;
  onRotated: (rotated: RotatedConnector) => void;
}) {
  const { t, tError } = useT();
  const format = useFormat();
  const rotate = useRotateConnector();
  // Mounted with the page, so the grace is known before the dialog opens.
  const grace = useKeyRotation().data?.graceMinutes;
  const name = connector?.name ?? '';

  const confirm = async () => {
    if (!connector) return;
    try {
      // The grace the text promised; unknown (the setting failed to load): the server's default.
      const rotated = await rotate.mutateAsync({ id: connector.id, graceMinutes: grace });
      toastSuccess(t('CONNECTORS.ROTATE.SUCCESS', { name }));
      onRotated(rotated);
    } catch (error) {
      const refusal = connectorRefusalOf(error);
      toastError(refusal ? t(refusal) : tError(error, 'CONNECTORS.ROTATE.FAILED'));
    }
  };

  const text =
    grace === undefined
      ? t('CONNECTORS.ROTATE.TEXT_DEFAULT', { name })
      : grace === 0
        ? t('CONNECTORS.ROTATE.TEXT_NOW', { name })
        : t('CONNECTORS.ROTATE.TEXT', { name, until: format.dateTime(askedAt + grace * 60_000) });

  return (
    <ConfirmDialog
      opened={opened}
      title={t('CONNECTORS.ROTATE.TITLE')}
      confirmLabel={t('CONNECTORS.ROTATE')}
      busy={rotate.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      {text}
    </ConfirmDialog>
  );
}
