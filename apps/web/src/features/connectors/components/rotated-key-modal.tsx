import { Modal, Text } from '@mantine/core';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import type { RotatedConnector } from '../api/rotate-connector';
import { ConnectorKeyReveal } from './connector-key-reveal';

/** The key a rotation made, shown once (the create flow's reveal), with when the old key stops. */
export function RotatedKeyModal({ rotated, onClose }: { rotated: RotatedConnector | null; onClose: () => void }) {
  const { t } = useT();
  const format = useFormat();

  const oldKeyNote = ({ previousKeyExpiresAt: until, rotatedAt }: RotatedConnector) =>
    // Grace 0 ends the old key at the moment of the rotation.
    until && rotatedAt && Date.parse(until) > Date.parse(rotatedAt)
      ? t('CONNECTORS.ROTATE.OLD_KEY_UNTIL', { until: format.dateTime(until) })
      : t('CONNECTORS.ROTATE.OLD_KEY_STOPPED');

  return (
    <Modal
      opened={rotated !== null}
      onClose={onClose}
      title={
        <Text component="span" fw={700} size="lg">
          {t('CONNECTORS.ROTATE.KEY_TITLE')}
        </Text>
      }
      centered
      size="lg"
      // A stray click outside or Esc must not lose the key: Done or the close button.
      closeOnClickOutside={false}
      closeOnEscape={false}
      closeButtonProps={{ 'aria-label': t('COMMON.CLOSE') }}
    >
      {rotated && <ConnectorKeyReveal connector={rotated} note={oldKeyNote(rotated)} onDone={onClose} />}
    </Modal>
  );
}
