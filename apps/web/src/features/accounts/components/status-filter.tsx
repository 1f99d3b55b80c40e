import type { AccountStatus, TradingAccount } from '@app/contracts/trading';
import { Chip, Group } from '@mantine/core';
import { useT } from '../../../i18n/use-t';
import { STATUSES } from '../model/statuses';
import { useStatusLabel } from './labels';

/** All / Active / Passed … with counts; the choice lives in the URL (`?status=failed`). */
export function StatusFilter({
  accounts,
  value,
  onChange,
}: {
  accounts: TradingAccount[];
  value: AccountStatus | undefined;
  onChange: (status: AccountStatus | undefined) => void;
}) {
  const { t } = useT();
  const label = useStatusLabel();
  const count = (s: AccountStatus) => accounts.filter((a) => a.status === s).length;
  return (
    <Chip.Group value={value ?? 'all'} onChange={(v) => onChange(v === 'all' ? undefined : (v as AccountStatus))}>
      <Group gap="xs" mb="lg" role="radiogroup" aria-label={t('ACCOUNTS.FILTER.LABEL')} data-testid="status-filter">
        <Chip value="all" variant="outline" size="sm">
          {t('ACCOUNTS.FILTER.ALL', { count: accounts.length })}
        </Chip>
        {STATUSES.filter((s) => count(s) > 0 || s === value).map((s) => (
          <Chip key={s} value={s} variant="outline" size="sm">
            {t('ACCOUNTS.FILTER.STATUS', { status: label(s), count: count(s) })}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
