import type { PayoutListParams } from '@app/contracts/payouts';
import { randomUUID } from 'node:crypto';
import {
  aliasedTable,
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  lte,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { wantsMailSql } from '../../db/mail-preferences.ts';
import { executeNamed } from '../../db/named-query.ts';
import type { PhaseRules } from '../../engine/index.ts';
import { enqueueMailPerRow, type NewMail } from '../mail/index.ts';
import type { EligibilityFacts } from './eligibility.ts';
import { containsPattern, listOrder, pageOffset } from '../../db/list-page.ts';
import { certificates, challenges, payouts, tradingAccounts, users } from '../../db/schema/index.ts';

export type PayoutRow = typeof payouts.$inferSelect;
export type NewPayout = typeof payouts.$inferInsert;
/** What a new request is made of (the rest are the table's defaults). */
export type NewRequest = Pick<
  PayoutRow,
  'accountId' | 'userId' | 'amountCents' | 'grossCents' | 'splitBps' | 'currency' | 'method' | 'destination' | 'locale'
> & { requestedAt: Date };
export type AccountRecord = typeof tradingAccounts.$inferSelect & { challengeName: string };

const reviewers = aliasedTable(users, 'reviewers');

const viewColumns = {
  payout: payouts,
  accountLogin: tradingAccounts.login,
  userEmail: users.email,
  userFirstName: users.firstName,
  userLastName: users.lastName,
  reviewerEmail: reviewers.email,
  certificateCode: certificates.code,
};

function selectViews(db: Db | Tx) {
  return db
    .select(viewColumns)
    .from(payouts)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, payouts.accountId))
    .innerJoin(users, eq(users.id, payouts.userId))
    .leftJoin(reviewers, eq(reviewers.id, payouts.reviewerId))
    .leftJoin(certificates, eq(certificates.id, payouts.certificateId));
}

/** A request with what lists and mails show beside it. */
export type PayoutView = PayoutRow & {
  accountLogin: string;
  userEmail: string;
  userFirstName: string;
  userLastName: string;
  reviewerEmail: string | null;
  certificateCode: string | null;
};
interface ViewRecord extends Omit<PayoutView, keyof PayoutRow> {
  payout: PayoutRow;
}
const flatten = ({ payout, ...rest }: ViewRecord): PayoutView => ({ ...payout, ...rest });

const SORT_BY: Record<PayoutListParams['sort'], AnyColumn> = {
  requestedAt: payouts.requestedAt,
  amountCents: payouts.amountCents,
  status: payouts.status,
};

function adminConditions(f: PayoutListParams): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (f.q) {
    const pattern = containsPattern(f.q);
    conds.push(
      sql`${payouts.userId} in (select ${users.id} from ${users} where ${or(
        sql`${users.email} ilike ${pattern}`,
        sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
      )})`,
    );
  }
  if (f.status) conds.push(eq(payouts.status, f.status));
  if (f.method) conds.push(eq(payouts.method, f.method));
  const at = f.dateField === 'paidAt' ? payouts.paidAt : payouts.requestedAt;
  // Only paid payouts have a paid time: by it, the others are out, range or not.
  if (f.dateField === 'paidAt') conds.push(isNotNull(payouts.paidAt));
  if (f.from) conds.push(gte(at, new Date(f.from)));
  if (f.to) conds.push(lt(at, new Date(f.to)));
  if (f.minAmount !== undefined) conds.push(gte(payouts.amountCents, f.minAmount));
  if (f.maxAmount !== undefined) conds.push(lte(payouts.amountCents, f.maxAmount));
  return and(...conds);
}

/** The page is chosen on `payouts` alone, then only its rows are joined to what they show. */
async function pageOfViews(
  db: Db | Tx,
  where: SQL | undefined,
  q: Pick<PayoutListParams, 'sort' | 'order' | 'page' | 'pageSize'>,
): Promise<{ rows: PayoutView[]; total: number }> {
  const [page, counted] = await Promise.all([
    db
      .select({ id: payouts.id })
      .from(payouts)
      .where(where)
      .orderBy(...listOrder(SORT_BY[q.sort], q.order, payouts.id))
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    db.select({ n: count() }).from(payouts).where(where),
  ]);
  const ids = page.map((p) => p.id);
  const views = ids.length ? (await selectViews(db).where(inArray(payouts.id, ids))).map(flatten) : [];
  const byId = new Map(views.map((v) => [v.id, v]));
  return { rows: ids.map((id) => byId.get(id)!), total: counted[0]?.n ?? 0 };
}

const accountColumns = { account: tradingAccounts, challengeName: challenges.name };
const toAccount = (r: { account: typeof tradingAccounts.$inferSelect; challengeName: string }): AccountRecord => ({
  ...r.account,
  challengeName: r.challengeName,
});

/** Everything a payout request decides on, read at once (`requestContext`). */
export interface RequestContext {
  userId: string;
  facts: Omit<EligibilityFacts, 'now'>;
  recipient: MailRecipient;
}

/** Who a payout mail goes to, and whether they want payout mails at all. */
export interface MailRecipient {
  email: string;
  firstName: string;
  lastName: string;
  wantsPayoutMails: boolean;
}

const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string | Date));
/**
 * The checklist's facts of the account whose id is `a.id` in the enclosing statement, as columns
 * `first_trade_at`, `last_paid_at`, `open_id`, `open_status`, `open_amount_cents` (each an index
 * lookup on the account), and the lateral join that gives the open request.
 */
const factColumns = sql`
  (select min(e.open_time) from account_events e where e.account_id = a.id and e.kind = 'trade') as first_trade_at,
  (select max(p.paid_at) from payouts p where p.account_id = a.id and p.status = 'paid') as last_paid_at,
  o.id as open_id, o.status as open_status, o.amount_cents as open_amount_cents`;
const openRequestJoin = sql`left join lateral (select p.id, p.status, p.amount_cents from payouts p
  where p.account_id = a.id and p.status in ('requested', 'approved') limit 1) o on true`;

type FactRow = {
  first_trade_at: unknown;
  last_paid_at: unknown;
  open_id: unknown;
  open_status: unknown;
  open_amount_cents: unknown;
};
const factsOf = (r: FactRow): Omit<EligibilityFacts, 'now' | 'account'> => ({
  firstTradeAt: dateOrNull(r.first_trade_at),
  lastPaidAt: dateOrNull(r.last_paid_at),
  open: r.open_id
    ? {
        id: String(r.open_id),
        status: r.open_status as 'requested' | 'approved',
        amountCents: Number(r.open_amount_cents),
      }
    : null,
});

export const payoutsRepository = {
  /**
   * A request's inputs in one statement: the account (only what the checklist reads: the open
   * positions, not the whole engine state), its first trade, last paid and open payout, and its
   * owner's contact. One round trip instead of six: most of a request's time was these reads; and
   * a named statement, so PostgreSQL stops planning it (its planning took longer than its run).
   */
  async requestContext(db: Db | Tx, accountId: string): Promise<RequestContext | undefined> {
    const [r] = await executeNamed<Record<string, unknown> & FactRow>(
      db,
      'payout_request_context',
      sql`
      select a.id, a.user_id, a.login, a.currency, a.status, a.phase_kind, a.initial_balance_cents, a.balance_cents,
        a.rules, greatest(coalesce((a.state ->> 'openPositions')::int, 0), coalesce(json_array_length(a.state -> 'openTickets'), 0)) as open_positions, ch.name as challenge_name,
        ${factColumns},
        u.email, u.first_name, u.last_name, ${wantsMailSql(sql`u.preferences`, 'payouts')} as wants_mail
      from trading_accounts a
        join challenges ch on ch.id = a.challenge_id
        join users u on u.id = a.user_id
        ${openRequestJoin}
      where a.id = ${accountId}`,
    );
    if (!r) return undefined;
    return {
      userId: String(r.user_id),
      facts: {
        account: {
          id: String(r.id),
          login: String(r.login),
          challengeName: String(r.challenge_name),
          currency: String(r.currency),
          status: String(r.status),
          phaseKind: r.phase_kind as 'evaluation' | 'funded',
          initialBalanceCents: Number(r.initial_balance_cents),
          balanceCents: Number(r.balance_cents),
          openPositions: Number(r.open_positions),
          rules: (typeof r.rules === 'string' ? JSON.parse(r.rules) : r.rules) as PhaseRules,
        },
        ...factsOf(r),
      },
      recipient: {
        email: String(r.email),
        firstName: String(r.first_name),
        lastName: String(r.last_name),
        wantsPayoutMails: Boolean(r.wants_mail),
      },
    };
  },

  /** The member's funded-phase accounts (any status: a failed one shows why it cannot pay out). */
  async fundedAccounts(db: Db | Tx, userId: string, accountId?: string): Promise<AccountRecord[]> {
    const rows = await db
      .select(accountColumns)
      .from(tradingAccounts)
      .innerJoin(challenges, eq(challenges.id, tradingAccounts.challengeId))
      .where(
        and(
          eq(tradingAccounts.userId, userId),
          eq(tradingAccounts.phaseKind, 'funded'),
          accountId ? eq(tradingAccounts.id, accountId) : undefined,
        ),
      )
      .orderBy(desc(tradingAccounts.createdAt));
    return rows.map(toAccount);
  },

  async account(db: Db | Tx, id: string, opts: { lock?: boolean } = {}): Promise<AccountRecord | undefined> {
    const q = db
      .select(accountColumns)
      .from(tradingAccounts)
      .innerJoin(challenges, eq(challenges.id, tradingAccounts.challengeId))
      .where(eq(tradingAccounts.id, id))
      .limit(1);
    // Locks the account row only (payouts of one account are decided one after the other, and
    // the ingestion of its events waits for the decision).
    const [row] = opts.lock ? await q.for('update', { of: tradingAccounts }) : await q;
    return row ? toAccount(row) : undefined;
  },

  /** Per account: the first trade's open time, the last paid payout, the open request (one statement). */
  async facts(db: Db | Tx, accountIds: string[]) {
    const out = new Map<string, Omit<EligibilityFacts, 'now' | 'account'>>();
    if (!accountIds.length) return out;
    const result = await db.execute(sql`
      select a.id, ${factColumns}
      from (values ${sql.join(
        accountIds.map((id) => sql`(${id}::uuid)`),
        sql`, `,
      )}) as a(id)
        ${openRequestJoin}`);
    for (const r of (result as unknown as { rows: Array<{ id: string } & FactRow> }).rows) out.set(r.id, factsOf(r));
    return out;
  },

  /**
   * Inserts a request and, when `mail` is given, its mail, in one statement: atomic without a
   * transaction's three extra round trips, which were half of a request's time. Undefined when the
   * account already has an open request (the partial unique index); no mail is queued then.
   */
  async insertRequest(db: Db | Tx, v: NewRequest, mail: NewMail | null): Promise<PayoutRow | undefined> {
    // Every column is known here (the id too), so the statement answers only whether it stored.
    const row: PayoutRow = {
      ...v,
      id: randomUUID(),
      status: 'requested',
      rejectionReason: null,
      transferReference: null,
      reviewerId: null,
      certificateId: null,
      approvedAt: null,
      rejectedAt: null,
      cancelledAt: null,
      paidAt: null,
      updatedAt: v.requestedAt,
    };
    const at = v.requestedAt.toISOString();
    const [stored] = await executeNamed<{ n: number }>(
      db,
      mail ? 'payout_request_mailed' : 'payout_request',
      sql`
      with p as (
        insert into payouts (id, account_id, user_id, amount_cents, gross_cents, split_bps, currency, method,
          destination, locale, requested_at, updated_at)
        values (${row.id}::uuid, ${v.accountId}, ${v.userId}, ${v.amountCents}, ${v.grossCents}, ${v.splitBps}, ${v.currency},
          ${v.method}, ${JSON.stringify(v.destination)}::jsonb, ${v.locale}, ${at}::timestamptz, ${at}::timestamptz)
        on conflict do nothing
        returning 1
      )${mail ? sql`, m as (${enqueueMailPerRow(sql`p`, mail)})` : sql``}
      select count(*)::int as n from p`,
    );
    return stored?.n === 1 ? row : undefined;
  },

  /**
   * Compare-and-set: moves the request to a new state only if it is in one of `from` (and belongs
   * to `userId` when given); undefined when another action got there first.
   */
  async transition(
    db: Db | Tx,
    id: string,
    from: readonly PayoutRow['status'][],
    patch: Partial<NewPayout>,
    userId?: string,
  ): Promise<PayoutRow | undefined> {
    const [row] = await db
      .update(payouts)
      .set(patch)
      .where(
        and(eq(payouts.id, id), inArray(payouts.status, [...from]), userId ? eq(payouts.userId, userId) : undefined),
      )
      .returning();
    return row;
  },

  async find(db: Db | Tx, id: string): Promise<PayoutRow | undefined> {
    const [row] = await db.select().from(payouts).where(eq(payouts.id, id)).limit(1);
    return row;
  },

  async findView(db: Db | Tx, id: string): Promise<PayoutView | undefined> {
    const [row] = await selectViews(db).where(eq(payouts.id, id)).limit(1);
    return row ? flatten(row) : undefined;
  },

  listMine(db: Db | Tx, userId: string, q: PayoutListParams & { accountId?: string }) {
    return pageOfViews(
      db,
      and(eq(payouts.userId, userId), q.accountId ? eq(payouts.accountId, q.accountId) : undefined),
      q,
    );
  },

  listAdmin(db: Db | Tx, q: PayoutListParams) {
    return pageOfViews(db, adminConditions(q), q);
  },

  async historyOfUser(db: Db | Tx, userId: string, limit = 50): Promise<PayoutView[]> {
    const rows = await selectViews(db)
      .where(eq(payouts.userId, userId))
      .orderBy(desc(payouts.requestedAt))
      .limit(limit);
    return rows.map(flatten);
  },

  /** The median time from request to paid over the paid payouts, in hours; null before the first. */
  async turnaround(db: Db | Tx): Promise<{ medianHours: number | null; paidCount: number }> {
    const [row] = await db
      .select({
        median: sql<
          string | number | null
        >`percentile_cont(0.5) within group (order by extract(epoch from ${payouts.paidAt} - ${payouts.requestedAt}))`,
        n: count(),
      })
      .from(payouts)
      .where(eq(payouts.status, 'paid'));
    const median = row?.median === null || row?.median === undefined ? null : Number(row.median) / 3600;
    return { medianHours: median === null ? null : Math.round(median * 10) / 10, paidCount: row?.n ?? 0 };
  },

  /** The account's recorded verdict reviews (late data that disagreed with a stored verdict). */
  async verdictReviewCount(db: Db | Tx, accountId: string): Promise<number> {
    const r = (await db.execute(
      sql`select count(*)::int as n from verdict_reviews where account_id = ${accountId}`,
    )) as unknown as { rows: Array<{ n: number }> };
    return Number(r.rows[0]?.n ?? 0);
  },

  async userContact(db: Db | Tx, userId: string) {
    const [row] = await db
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row;
  },
};
