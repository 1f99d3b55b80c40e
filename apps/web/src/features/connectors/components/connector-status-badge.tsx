import type { Connector } from '@app/contracts/trading';
import { Badge } from '@mantine/core';
import { useT } from '../../../i18n/use-t';

export function ConnectorStatusBadge({ connector }: { connector: Connector }) {
  const { t } = useT();
  const revoked = connector.revokedAt !== null;
  return (
    // A dot carries the colour; the text keeps the page's own (readable in both themes).
    <Badge variant="dot" color={revoked ? 'gray' : 'teal'} miw="max-content" data-testid="connector-status">
      {t(revoked ? 'CONNECTORS.STATUS.REVOKED' : 'CONNECTORS.STATUS.ACTIVE')}
    </Badge>
  );
}
