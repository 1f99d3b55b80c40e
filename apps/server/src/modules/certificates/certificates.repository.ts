import type { CertificateListParams } from '@app/contracts/certificates';
import { and, count, desc, eq, gte, ilike, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern, listOrder, pageOffset } from '../../db/list-page.ts';
import { certificates, challenges, tradingAccounts, users } from '../../db/schema/index.ts';
import { MAIL_LOCALES, type MailLocale } from '../../lib/mail-render.ts';
import { newCertificateCode } from './certificate-code.ts';

export type CertificateRow = typeof certificates.$inferSelect;

/** A certificate with what it prints: the holder, the account's challenge and phase. */
export interface CertificateView extends CertificateRow {
  holderName: string;
  userEmail: string;
  accountLogin: string | null;
  challengeName: string | null;
  /** 1-based, for a passed phase. */
  phaseNumber: number | null;
}

const holderName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;
const viewColumns = {
  row: certificates,
  holderName,
  userEmail: users.email,
  accountLogin: tradingAccounts.login,
  challengeName: challenges.name,
  phaseIndex: tradingAccounts.phaseIndex,
};

function selectViews(db: Db | Tx) {
  return db
    .select(viewColumns)
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.userId))
    .leftJoin(tradingAccounts, eq(tradingAccounts.id, certificates.accountId))
    .leftJoin(challenges, eq(challenges.id, tradingAccounts.challengeId));
}

type ViewRecord = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number];
const flatten = (r: ViewRecord): CertificateView => ({
  ...r.row,
  holderName: r.holderName,
  userEmail: r.userEmail,
  accountLogin: r.accountLogin,
  challengeName: r.challengeName,
  phaseNumber: r.row.kind === 'phase_passed' && r.phaseIndex !== null ? r.phaseIndex + 1 : null,
});

function adminConditions(q: CertificateListParams): SQL | undefined {
  const search = q.q
    ? or(
        ilike(holderName, containsPattern(q.q)),
        ilike(users.email, containsPattern(q.q)),
        ilike(certificates.code, containsPattern(q.q)),
      )
    : undefined;
  return and(
    search,
    q.kind ? eq(certificates.kind, q.kind) : undefined,
    q.revoked === 'yes'
      ? isNotNull(certificates.revokedAt)
      : q.revoked === 'no'
        ? isNull(certificates.revokedAt)
        : undefined,
    q.from ? gte(certificates.issuedAt, new Date(q.from)) : undefined,
    q.to ? lt(certificates.issuedAt, new Date(q.to)) : undefined,
  );
}

export const certificatesRepository = {
  /** Issues a milestone certificate once per (account, kind); returns undefined when it exists. */
  async issue(
    db: Db | Tx,
    c: {
      kind: CertificateRow['kind'];
      userId: string;
      accountId: string | null;
      amountCents?: number | null;
      currency: string;
      issuedAt: Date;
    },
  ): Promise<CertificateRow | undefined> {
    const [row] = await db
      .insert(certificates)
      .values({ ...c, amountCents: c.amountCents ?? null, code: newCertificateCode() })
      .onConflictDoNothing()
      .returning();
    return row;
  },

  async listByUser(db: Db | Tx, userId: string): Promise<CertificateRow[]> {
    return db.select().from(certificates).where(eq(certificates.userId, userId)).orderBy(desc(certificates.issuedAt));
  },

  async viewsByUser(db: Db | Tx, userId: string): Promise<CertificateView[]> {
    const rows = await selectViews(db)
      .where(eq(certificates.userId, userId))
      .orderBy(desc(certificates.issuedAt), desc(certificates.id));
    return rows.map(flatten);
  },

  async viewById(db: Db | Tx, id: string): Promise<CertificateView | undefined> {
    const [row] = await selectViews(db).where(eq(certificates.id, id)).limit(1);
    return row && flatten(row);
  },

  /** The public lookup: one unique-index probe. */
  async viewByCode(db: Db | Tx, code: string): Promise<CertificateView | undefined> {
    const [row] = await selectViews(db).where(eq(certificates.code, code)).limit(1);
    return row && flatten(row);
  },

  async listAdmin(db: Db | Tx, q: CertificateListParams): Promise<{ rows: CertificateView[]; total: number }> {
    const where = adminConditions(q);
    const by = q.sort === 'kind' ? certificates.kind : certificates.issuedAt;
    const [rows, [total]] = await Promise.all([
      selectViews(db)
        .where(where)
        .orderBy(...listOrder(by, q.order, certificates.id))
        .limit(q.pageSize)
        .offset(pageOffset(q)),
      db.select({ n: count() }).from(certificates).innerJoin(users, eq(users.id, certificates.userId)).where(where),
    ]);
    return { rows: rows.map(flatten), total: total?.n ?? 0 };
  },

  /** Revokes a valid certificate; undefined when it is unknown or was revoked before. */
  async revoke(tx: Db | Tx, id: string, at: Date, reason: string): Promise<CertificateRow | undefined> {
    const [row] = await tx
      .update(certificates)
      .set({ revokedAt: at, revokedReason: reason })
      .where(and(eq(certificates.id, id), isNull(certificates.revokedAt)))
      .returning();
    return row;
  },

  /**
   * The member's language: the one their profile names, else the one of their latest order
   * (English when neither says). The mail, its PDF and a download all take it.
   */
  async memberLocale(db: Db | Tx, userId: string): Promise<MailLocale> {
    const result = await db.execute(sql`
      select u.preferences ->> 'language' as chosen,
        (select o.locale from orders o where o.user_id = u.id order by o.created_at desc limit 1) as ordered
      from users u where u.id = ${userId}`);
    const row = (result as unknown as { rows: Array<{ chosen: string | null; ordered: string | null }> }).rows[0];
    const known = (l: string | null | undefined): l is MailLocale =>
      (MAIL_LOCALES as readonly string[]).includes(l ?? '');
    return known(row?.chosen) ? row.chosen : known(row?.ordered) ? row.ordered : 'en';
  },

  /** Members (not staff, not deleted) whose name or email contains `q`, by name. */
  async searchMembers(db: Db | Tx, q: string | undefined, limit: number) {
    return db
      .select({ id: users.id, name: holderName, email: users.email })
      .from(users)
      .where(
        and(
          eq(users.role, 'USER'),
          isNull(users.deletedAt),
          q ? or(ilike(holderName, containsPattern(q)), ilike(users.email, containsPattern(q))) : undefined,
        ),
      )
      .orderBy(holderName, users.email)
      .limit(limit);
  },

  async account(db: Db | Tx, accountId: string) {
    const [row] = await db
      .select({ id: tradingAccounts.id, userId: tradingAccounts.userId, currency: tradingAccounts.currency })
      .from(tradingAccounts)
      .where(eq(tradingAccounts.id, accountId))
      .limit(1);
    return row;
  },

  async user(db: Db | Tx, userId: string) {
    const [row] = await db
      .select({ id: users.id, role: users.role, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row;
  },
};
