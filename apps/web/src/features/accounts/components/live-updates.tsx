import type { AccountOverview, TradingAccount } from '@app/contracts/trading';
import { Badge, Tooltip } from '@mantine/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
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

/** "Live" while pushed updates arrive; otherwise says the figures refresh every 15 s. */
export function LiveIndicator({ status }: { status: StreamStatus }) {
  const { t } = useT();
  const seconds = FALLBACK_REFETCH_MS / 1000;
  const label =
    status === 'live'
      ? t('ACCOUNTS.LIVE.ON')
      : status === 'connecting'
        ? t('ACCOUNTS.LIVE.CONNECTING')
        : t('ACCOUNTS.LIVE.OFF');
  const help = status === 'live' ? t('ACCOUNTS.LIVE.ON_HELP') : t('ACCOUNTS.LIVE.OFF_HELP', { seconds });
  return (
    <Tooltip label={help} multiline w={260} withArrow>
      <Badge
        variant="dot"
        color={status === 'live' ? 'teal' : status === 'connecting' ? 'gray' : 'orange'}
        size="lg"
        tabIndex={0}
        aria-label={`${label}. ${help}`}
        role="status"
        data-testid="live-indicator"
        data-status={status}
        miw="max-content"
      >
        {label}
      </Badge>
    </Tooltip>
  );
}
