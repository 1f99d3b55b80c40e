// The detail drawer's timeline: what happened to an order, from its own times and its account's,
// with the staff member who did it where the audit log names one, and the mails that went out.
import type { ORDER_TIMELINE_KINDS } from '@app/contracts/commerce';
import type { MailAbout } from '../mail/index.ts';
import type { OrderView } from './orders.repository.ts';

type Kind = (typeof ORDER_TIMELINE_KINDS)[number];
export interface TimelineEntry {
  kind: Kind;
  at: string;
  actorEmail: string | null;
  detail: string | null;
}

interface AuditRow {
  action: string;
  at: Date;
  actorEmail: string | null;
  after: unknown;
}

/** Which audited staff action stands behind a timeline entry. */
const ACTION_OF: Partial<Record<Kind, string>> = {
  paid: 'order.mark_paid',
  cancelled: 'order.cancel',
  refunded: 'order.refund',
};

/** Payments the order did not need (after it was closed, or on a second page): to refund. */
const EXTRA_PAYMENTS = new Set(['order.paid_after_close', 'order.paid_twice']);

const reasonOf = (after: unknown): string | null => {
  const reason = (after as { reason?: unknown } | null)?.reason;
  return typeof reason === 'string' && reason ? reason : null;
};

export function orderTimeline(o: OrderView, audit: AuditRow[], mails: MailAbout[] = []): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  const add = (kind: Kind, at: Date | null, detail: string | null = null) => {
    if (!at) return;
    const staff = audit.find((a) => a.action === ACTION_OF[kind]);
    entries.push({
      kind,
      at: at.toISOString(),
      actorEmail: staff?.actorEmail ?? null,
      detail: detail ?? (staff ? reasonOf(staff.after) : null),
    });
  };
  add('created', o.createdAt);
  add('paid', o.paidAt, o.invoiceNumber);
  // The account is provisioned in the transaction that marks the order paid.
  if (o.accountId) add('account_provisioned', o.paidAt, o.accountLogin);
  add('failed', o.failedAt, o.failureReason);
  add('cancelled', o.cancelledAt);
  add('refunded', o.refundedAt);
  if (o.accountStatus === 'closed') add('account_closed', o.accountEndedAt, o.accountClosedReason);
  for (const a of audit) {
    if (!EXTRA_PAYMENTS.has(a.action)) continue;
    const reference = (a.after as { reference?: unknown } | null)?.reference;
    entries.push({
      kind: 'payment_to_refund',
      at: a.at.toISOString(),
      actorEmail: null,
      detail: typeof reference === 'string' ? reference : null,
    });
  }
  // Delivered (or written to the log where no SMTP server is configured); one waiting or given up
  // on is not "sent", and support sees it as missing.
  for (const m of mails) {
    if (m.status === 'sent' || m.status === 'logged') add('mail_sent', m.sentAt, `${m.subject} · ${m.to}`);
  }
  const order: Kind[] = [
    'created',
    'paid',
    'account_provisioned',
    'mail_sent',
    'failed',
    'cancelled',
    'refunded',
    'account_closed',
    'payment_to_refund',
  ];
  return entries.sort((a, b) => a.at.localeCompare(b.at) || order.indexOf(a.kind) - order.indexOf(b.kind));
}
