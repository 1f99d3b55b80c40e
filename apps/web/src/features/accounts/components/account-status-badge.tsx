import type { AccountStatus } from '@app/contracts/trading';
import { Badge } from '@mantine/core';
import { ACCOUNT_STATUS_COLORS } from '../../../components/status-labels';
import { useStatusLabel } from './labels';

export function AccountStatusBadge({ status }: { status: AccountStatus }) {
  const label = useStatusLabel();
  return (
    // A dot carries the colour; the text keeps the page's own (readable in both themes).
    <Badge
      variant="dot"
      color={ACCOUNT_STATUS_COLORS[status]}
      miw="max-content"
      data-testid="account-status"
      data-status={status}
    >
      {label(status)}
    </Badge>
  );
}
