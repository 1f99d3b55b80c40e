import type { AccountEligibility, EligibilityCheck } from '@app/contracts/payouts';
import type { MessageId } from '../../../i18n/messages';

/** One checklist line in words: the message and its values (money and dates formatted by the caller). */
export interface CheckText {
  id: MessageId;
  values: Record<string, string | number>;
}

type Fmt = { money: (cents: number) => string; date: (iso: string) => string };

export function checkText(c: EligibilityCheck, fmt: Fmt): { label: CheckText; detail: CheckText } {
  switch (c.key) {
    case 'funded_active':
      return {
        label: { id: 'PAYOUT.CHECK.FUNDED', values: {} },
        detail: c.ok
          ? { id: 'PAYOUT.CHECK.FUNDED_OK', values: {} }
          : { id: 'PAYOUT.CHECK.FUNDED_NO', values: { status: c.status } },
      };
    case 'interval':
      return {
        label: { id: 'PAYOUT.CHECK.INTERVAL', values: { days: c.requiredDays } },
        detail:
          c.daysSince === null
            ? { id: 'PAYOUT.CHECK.INTERVAL_NO_TRADE', values: { days: c.requiredDays } }
            : c.ok
              ? {
                  id: c.since === 'last_payout' ? 'PAYOUT.CHECK.INTERVAL_OK_PAYOUT' : 'PAYOUT.CHECK.INTERVAL_OK_TRADE',
                  values: { days: c.daysSince },
                }
              : {
                  id: 'PAYOUT.CHECK.INTERVAL_MISSING',
                  values: { days: c.missingDays, date: c.eligibleAt ? fmt.date(c.eligibleAt) : '' },
                },
      };
    case 'no_open_positions':
      return {
        label: { id: 'PAYOUT.CHECK.POSITIONS', values: {} },
        detail: c.ok
          ? { id: 'PAYOUT.CHECK.POSITIONS_OK', values: {} }
          : { id: 'PAYOUT.CHECK.POSITIONS_NO', values: { count: c.openPositions } },
      };
    case 'minimum':
      return {
        label: { id: 'PAYOUT.CHECK.MINIMUM', values: { minimum: fmt.money(c.minimumCents) } },
        detail: c.ok
          ? { id: 'PAYOUT.CHECK.MINIMUM_OK', values: { available: fmt.money(c.availableCents) } }
          : {
              id: 'PAYOUT.CHECK.MINIMUM_NO',
              values: { available: fmt.money(c.availableCents), missing: fmt.money(c.missingCents) },
            },
      };
    case 'no_open_request':
      return {
        label: { id: 'PAYOUT.CHECK.OPEN_REQUEST', values: {} },
        detail: c.ok
          ? { id: 'PAYOUT.CHECK.OPEN_REQUEST_OK', values: {} }
          : c.openAmountCents === null || c.openAmountCents === undefined
            ? {
                id:
                  c.openStatus === 'approved'
                    ? 'PAYOUT.CHECK.OPEN_REQUEST_APPROVED'
                    : 'PAYOUT.CHECK.OPEN_REQUEST_REQUESTED',
                values: {},
              }
            : {
                id:
                  c.openStatus === 'approved'
                    ? 'PAYOUT.CHECK.OPEN_REQUEST_APPROVED_AMOUNT'
                    : 'PAYOUT.CHECK.OPEN_REQUEST_REQUESTED_AMOUNT',
                values: { amount: fmt.money(c.openAmountCents) },
              },
      };
  }
}

/**
 * Why the request button is disabled, or null when it is enabled: an open request first (nothing
 * else can be asked for until it is decided, whatever else holds), else the first failing item.
 */
export function blockedReason(e: AccountEligibility, fmt: Fmt): CheckText | null {
  const failing = e.checks.find((c) => c.key === 'no_open_request' && !c.ok) ?? e.checks.find((c) => !c.ok);
  return failing ? checkText(failing, fmt).detail : null;
}

/** The open request's amount, reserved until it is paid, rejected or cancelled; 0 when none is open. */
export function reservedCents(e: AccountEligibility): number {
  if (e.reservedCents !== undefined) return e.reservedCents;
  const open = e.checks.find((c) => c.key === 'no_open_request');
  return open && !open.ok ? (open.openAmountCents ?? 0) : 0;
}

/** Whether a request is open (its check fails): the server refuses another one until it is decided. */
export const hasOpenRequest = (e: AccountEligibility): boolean =>
  e.checks.some((c) => c.key === 'no_open_request' && !c.ok);
