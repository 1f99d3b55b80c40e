import type { UserStatus } from '@app/contracts/constants';
import { Badge } from '@mantine/core';
import { useT } from '../../../i18n/use-t';

/** Active or Suspended (or Anonymised): a dot carries the colour, the text keeps the page's own. */
export function UserStatusBadge({ status, anonymised }: { status: UserStatus; anonymised: boolean }) {
  const { t } = useT();
  const [color, id] = anonymised
    ? (['gray', 'USERS.STATUS.ANONYMISED'] as const)
    : status === 'active'
      ? (['teal', 'USERS.STATUS.ACTIVE'] as const)
      : (['red', 'USERS.STATUS.SUSPENDED'] as const);
  return (
    <Badge variant="dot" color={color} miw="max-content" data-testid="user-status">
      {t(id)}
    </Badge>
  );
}
