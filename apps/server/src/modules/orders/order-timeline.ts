// The detail drawer's timeline: what happened to an order, from its own times and those of the
// accounts it led to, with the staff member who did it where the audit log names one, and the mails
// that went out.
import type { ORDER_TIMELINE_KINDS } from '@app/contracts/commerce';
import type { AccountRow } from '../accounts/index.ts';
import type { MailAbout } from '../mail/index.ts';
import type { OrderView } from './orders.repository.ts';

type Kind = (typeof ORDER_TIMELINE_KINDS)[number];
export interface TimelineEntry {
  kind: Kind;
  at: string;
  actorEmail: string | null;
  account: string | null;
  detail: string | null;
}

interface AuditRow {
  action: string;
  at: Date;
  actorEmail: string | null;
  after: unknown;
}

type ChainAccount = Pick<
  AccountRow,
  'login' | 'orderId' | 'replacesAccountId' | 'status' | 'createdAt' | 'passedAt' | 'endedAt' | 'closedReason'
>;

/** Which audited staff action stands behind a timeline entry. */
const ACTION_OF: Partial<Record<Kind, string>> = {
  paid: 'order.mark_paid',
  cancelled: 'order.cancel',
  refunded: 'order.refund',
};

/** Payments the order did not need (after it was closed, or on a second page): to refund. */
const EXTRA_PAYMENTS = new Set(['order.paid_after_close', 'order.paid_twice']);

/** Ties at one instant read in this order: a pass before the phase it opens, a refund before the closing. */
const ORDER: Kind[] = [
  'created',
  'paid',
  'account_provisioned',
  'mail_sent',
  'failed',
  'cancelled',
  'account_passed',
  'account_failed',
  'refunded',
  'account_closed',
  'next_phase_opened',
  'account_reset',
  'payment_to_refund',
];

const reasonOf = (after: unknown): string | null => {
  const reason = (after as { reason?: unknown } | null)?.reason;
  return typeof reason === 'string' && reason ? reason : null;
};

export function orderTimeline(
  o: OrderView,
  audit: AuditRow[],
  mails: MailAbout[] = [],
  chain: ChainAccount[] = [],
): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  const add = (kind: Kind, at: Date | null, detail: string | null = null, account: string | null = null) => {
    if (!at) return;
    const staff = audit.find((a) => a.action === ACTION_OF[kind]);
    entries.push({
      kind,
      at: at.toISOString(),
      actorEmail: staff?.actorEmail ?? null,
      account,
      detail: detail ?? (staff ? reasonOf(staff.after) : null),
    });
  };
  add('created', o.createdAt);
  add('paid', o.paidAt, o.invoiceNumber);
  add('failed', o.failedAt, o.failureReason);
  add('cancelled', o.cancelledAt);
  add('refunded', o.refundedAt);
  for (const a of chain) {
    // The first account is provisioned in the transaction that marks the order paid.
    if (a.orderId) add('account_provisioned', o.paidAt, null, a.login);
    else add(a.replacesAccountId ? 'account_reset' : 'next_phase_opened', a.createdAt, null, a.login);
    add('account_passed', a.passedAt, null, a.login);
    if (a.status === 'failed') add('account_failed', a.endedAt, null, a.login);
    if (a.status === 'closed') add('account_closed', a.endedAt, a.closedReason, a.login);
  }
  for (const a of audit) {
    if (!EXTRA_PAYMENTS.has(a.action)) continue;
    const reference = (a.after as { reference?: unknown } | null)?.reference;
    entries.push({
      kind: 'payment_to_refund',
      at: a.at.toISOString(),
      actorEmail: null,
      account: null,
      detail: typeof reference === 'string' ? reference : null,
    });
  }
  // Delivered (or written to the log where no SMTP server is configured); one waiting or given up
  // on is not "sent", and support sees it as missing.
  for (const m of mails) {
    if (m.status === 'sent' || m.status === 'logged') add('mail_sent', m.sentAt, `${m.subject} · ${m.to}`);
  }
  return entries.sort((a, b) => a.at.localeCompare(b.at) || ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
}
