import type { TradingAccount } from '@app/contracts/trading';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/use-t';
import type { MessageId } from '../../../i18n/messages';
import { useFormat } from '../../../lib/format/use-format';
import type { StreamStatus } from '../api/account-stream';
import { AccountStatusBadge } from './account-status-badge';
import { usePhaseLabel } from './labels';
import { LiveIndicator } from './live-updates';
import { useNow } from './use-now';
import classes from './accounts.module.css';

/** An open account without data for this long is flagged: its figures may lag. */
export const STALE_AFTER_MS = 15 * 60_000;

/** An open account whose last data is older than STALE_AFTER_MS at `now`. */
export function isStale(account: Pick<TradingAccount, 'lastEventAt' | 'status'>, now: number): boolean {
  const open = account.status === 'active' || account.status === 'pending';
  return open && account.lastEventAt !== null && now - Date.parse(account.lastEventAt) > STALE_AFTER_MS;
}

/**
 * "As of": when the last data for the account arrived, so a stale figure is never taken for a
 * live one. Relative ("3 minutes ago", ticking) with the full time and zone beside it.
 */
export function AsOf({ account }: { account: Pick<TradingAccount, 'lastEventAt' | 'status'> }) {
  const { t, intl } = useT();
  const format = useFormat();
  const now = useNow(15_000);
  const at = account.lastEventAt;
  if (!at) {
    return (
      <Text size="sm" c="dimmed" data-testid="as-of">
        {t('ACCOUNTS.AS_OF.NONE')}
      </Text>
    );
  }
  const stale = isStale(account, now);
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="as-of" data-stale={stale || undefined}>
      {stale && (
        <IconClockExclamation size={18} color="var(--acc-warn)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      )}
      <div>
        <Text size="sm" c={stale ? 'var(--acc-warn)' : undefined} fw={stale ? 600 : undefined}>
          {/* One message: its words, spaces and brackets are the language's ("（…）" in Japanese). */}
          {intl.formatMessage(
            { id: 'ACCOUNTS.AS_OF.AT' satisfies MessageId },
            {
              time: (
                <time dateTime={at} data-testid="as-of-time">
                  {format.dateTimeSeconds(at)}
                </time>
              ),
              relative: format.relative(at, Math.max(now, Date.parse(at))),
            },
          )}
        </Text>
        {stale && (
          <Text size="sm" c="var(--acc-warn)">
            {t('ACCOUNTS.AS_OF.STALE')}
          </Text>
        )}
      </div>
    </Group>
  );
}

/** The account's identity and state, above its blocks. */
export function AccountBar({
  account: a,
  live,
  children,
}: {
  account: TradingAccount;
  /** The member's live stream; staff reading a snapshot have none, and no indicator shows. */
  live?: StreamStatus;
  children?: ReactNode;
}) {
  const { t } = useT();
  const phaseLabel = usePhaseLabel();
  const now = useNow(15_000);
  return (
    <Paper withBorder p={{ base: 'md', md: 'lg' }} mb="lg" className={classes.card} data-testid="account-bar">
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="sm" wrap="wrap">
            <Title order={2} fz="lg" data-testid="overview-account-name">
              {a.challengeName}
            </Title>
            <AccountStatusBadge status={a.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {phaseLabel(a)} · {t('ACCOUNTS.CARD.LOGIN', { login: a.login })} · {a.server}
          </Text>
          <AsOf account={a} />
        </Stack>
        <Group gap="sm">
          {children}
          {/* A finished account's figures no longer change: "Live" beside them would promise updates. */}
          {live && (a.status === 'active' || a.status === 'pending') && (
            <LiveIndicator status={live} waiting={isStale(a, now)} />
          )}
        </Group>
      </Group>
    </Paper>
  );
}
