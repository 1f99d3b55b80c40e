import type { AccountOverview, TradingAccount } from '@app/contracts/trading';
import { Badge, Tooltip } from '@mantine/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { MessageId } from '../../../i18n/messages';
import { useT } from '../../../i18n/use-t';
import { toastError, toastSuccess } from '../../../lib/toast';
import { accountKeys } from '../api/account-keys';
import {
  FALLBACK_REFETCH_MS,
  useAccountStream,
  type AccountStreamEvent,
  type StreamStatus,
} from '../api/account-stream';
import type { AccountListResponse } from '../api/list-accounts';
import { useRuleLabel } from './labels';

/** Breaches and passes already announced in this tab (a later batch repeats the final state). */
const announced = new Set<string>();

function knownAccount(client: QueryClient, id: string): TradingAccount | undefined {
  const list = client.getQueryData<AccountListResponse>(accountKeys.list());
  const fromList = list?.accounts.find((a) => a.id === id || a.login === id);
  if (fromList) return fromList;
  return client.getQueryData<AccountOverview>(accountKeys.overview(id))?.account;
}

/**
 * Keeps the member's stream open while a trading screen is shown: each event refetches that
 * account's figures at once, a breach or a pass shows a toast, and after an outage everything is
 * refetched (events may have been missed). Returns the stream's state for the indicator.
 */
export function useLiveAccountUpdates(): StreamStatus {
  const client = useQueryClient();
  const { t } = useT();
  const ruleLabel = useRuleLabel();

  const status = useAccountStream((event: AccountStreamEvent | null) => {
    if (event === null) {
      void client.invalidateQueries({ queryKey: accountKeys.all });
      return;
    }
    const before = knownAccount(client, event.accountId);
    const id = before?.id ?? event.accountId;
    const name = before ? `${before.challengeName} · ${before.login}` : event.accountId;
    void client.invalidateQueries({ queryKey: accountKeys.account(id) });
    void client.invalidateQueries({ queryKey: accountKeys.list() });

    const wasFinal = before?.status === 'failed' || before?.status === 'passed';
    if (event.breach && event.status === 'failed' && !wasFinal) {
      const key = `${id}:breach`;
      if (!announced.has(key)) {
        announced.add(key);
        toastError(
          t('ACCOUNTS.LIVE.BREACH', { account: name, rule: ruleLabel(event.breach.rule ?? '') }),
          `account-${key}`,
        );
      }
    } else if (event.passed && !wasFinal) {
      const key = `${id}:passed`;
      if (!announced.has(key)) {
        announced.add(key);
        toastSuccess(t('ACCOUNTS.LIVE.PASSED', { account: name }), `account-${key}`);
      }
    }
  });

  // Back from an outage: what happened meanwhile was not pushed.
  const previous = useRef(status);
  useEffect(() => {
    if (status === 'live' && previous.current === 'offline') {
      void client.invalidateQueries({ queryKey: accountKeys.all });
    }
    previous.current = status;
  }, [status, client]);

  return status;
}

/**
 * "Live" while pushed updates arrive; otherwise says the figures refresh every 15 s. `waiting`:
 * connected, but the account's data has gone stale (the platform sends nothing), so not "Live".
 */
export function LiveIndicator({ status, waiting = false }: { status: StreamStatus; waiting?: boolean }) {
  const { t } = useT();
  const seconds = FALLBACK_REFETCH_MS / 1000;
  const shown = status === 'live' && waiting ? 'waiting' : status;
  const label = t(LIVE_TEXTS[shown].label);
  const help = t(LIVE_TEXTS[shown].help, { seconds });
  return (
    <Tooltip label={help} multiline w={260} withArrow>
      <Badge
        variant="dot"
        color={LIVE_TEXTS[shown].color}
        size="lg"
        tabIndex={0}
        aria-label={`${label}. ${help}`}
        role="status"
        data-testid="live-indicator"
        data-status={shown}
        miw="max-content"
      >
        {label}
      </Badge>
    </Tooltip>
  );
}

const LIVE_TEXTS = {
  live: { label: 'ACCOUNTS.LIVE.ON', help: 'ACCOUNTS.LIVE.ON_HELP', color: 'teal' },
  waiting: { label: 'ACCOUNTS.LIVE.WAITING', help: 'ACCOUNTS.LIVE.WAITING_HELP', color: 'yellow' },
  connecting: { label: 'ACCOUNTS.LIVE.CONNECTING', help: 'ACCOUNTS.LIVE.OFF_HELP', color: 'gray' },
  offline: { label: 'ACCOUNTS.LIVE.OFF', help: 'ACCOUNTS.LIVE.OFF_HELP', color: 'orange' },
} as const satisfies Record<StreamStatus | 'waiting', { label: MessageId; help: MessageId; color: string }>;
