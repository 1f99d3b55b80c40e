import type { AdminUserListParams } from '@app/contracts';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  emailChanges,
  loginEvents,
  mfaChallenges,
  mfaRecoveryCodes,
  passwordResets,
  sessions,
  tradingAccounts,
  userLastLogins,
  users,
} from '../../db/schema/index.ts';

export type AdminListFilter = Pick<
  AdminUserListParams,
  'q' | 'role' | 'status' | 'funded' | 'createdFrom' | 'createdTo'
>;
export type AdminSort = Pick<AdminUserListParams, 'sort' | 'order'>;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Part of the email or the name, any case: the stored lower-case text (trigram index, migration 0020). */
const matches = (q: string) => sql`${users.searchText} like lower(${`%${likeEscape(q)}%`})`;

/** A funded account still running: the list's funded marker and its filter. */
const holdsFunded = sql`exists (select 1 from ${tradingAccounts} a where a.user_id = ${users.id}
  and a.phase_kind = 'funded' and a.status in ('pending', 'active'))`;

function whereOf(f: AdminListFilter): SQL | undefined {
  return and(
    f.q ? matches(f.q) : undefined,
    f.role ? eq(users.role, f.role) : undefined,
    f.status ? eq(users.status, f.status) : undefined,
    f.funded === 'yes' ? holdsFunded : f.funded === 'no' ? sql`not ${holdsFunded}` : undefined,
    f.createdFrom ? gte(users.createdAt, new Date(f.createdFrom)) : undefined,
    f.createdTo ? lt(users.createdAt, new Date(f.createdTo)) : undefined,
  );
}

function orderOf(s: AdminSort): SQL[] {
  const dir = s.order === 'asc' ? asc : desc;
  switch (s.sort) {
    case 'name':
      return [dir(users.lastName), dir(users.firstName), dir(users.id)];
    case 'email':
      return [dir(users.email)];
    case 'role':
      return [dir(users.role), dir(users.id)];
    case 'status':
      return [dir(users.status), dir(users.id)];
    case 'lastLoginAt':
      // Never signed in counts as the oldest: the order the index (last_login_at asc nulls first,
      // id) reads forwards or backwards, so a page stops early, searched or not.
      return s.order === 'asc'
        ? [sql`${users.lastLoginAt} asc nulls first`, asc(users.id)]
        : [sql`${users.lastLoginAt} desc nulls last`, desc(users.id)];
    case 'createdAt':
      return [dir(users.createdAt), dir(users.id)];
  }
}

/**
 * Rows after `r` in the order of orderOf (same keys, same direction, ties broken by id). Row
 * comparisons compare key by key in the columns' collation, as ORDER BY does.
 */
function afterRow(s: AdminSort, r: ExportRow): SQL {
  const cmp = sql.raw(s.order === 'asc' ? '>' : '<');
  switch (s.sort) {
    case 'name':
      return sql`(${users.lastName}, ${users.firstName}, ${users.id}) ${cmp} (${r.lastName}, ${r.firstName}, ${r.id})`;
    case 'email':
      return sql`${users.email} ${cmp} ${r.email}`;
    case 'role':
      return sql`(${users.role}, ${users.id}) ${cmp} (${r.role}, ${r.id})`;
    case 'status':
      return sql`(${users.status}, ${users.id}) ${cmp} (${r.status}, ${r.id})`;
    case 'createdAt':
      return sql`(${users.createdAt}, ${users.id}) ${cmp} (${r.createdAtKey}::timestamptz, ${r.id})`;
    case 'lastLoginAt': {
      // Never signed in (null) is the oldest: first when ascending, last when descending.
      const at = r.lastLoginKey;
      if (s.order === 'asc') {
        return at === null
          ? sql`(${users.lastLoginAt} is not null or ${users.id} > ${r.id})`
          : sql`(${users.lastLoginAt}, ${users.id}) > (${at}::timestamptz, ${r.id})`;
      }
      return at === null
        ? sql`(${users.lastLoginAt} is null and ${users.id} < ${r.id})`
        : sql`((${users.lastLoginAt}, ${users.id}) < (${at}::timestamptz, ${r.id}) or ${users.lastLoginAt} is null)`;
    }
  }
}

const listColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  status: users.status,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  deletedAt: users.deletedAt,
  mfaEnabledAt: users.mfaEnabledAt,
  preferences: users.preferences,
  lastLoginAt: users.lastLoginAt,
  lastLoginGeo: userLastLogins.geolocation,
};
const selectRows = (db: Db | Tx) =>
  db.select(listColumns).from(users).leftJoin(userLastLogins, eq(userLastLogins.userId, users.id));
export type AdminUserRow = Awaited<ReturnType<typeof selectRows>>[number];
/**
 * The export's rows carry their times as the database's text too: a JavaScript Date keeps
 * milliseconds, the columns microseconds, and the next chunk must start exactly after the last row.
 */
const exportKeys = {
  createdAtKey: sql<string>`${users.createdAt}::text`,
  lastLoginKey: sql<string | null>`${users.lastLoginAt}::text`,
};
export type ExportRow = AdminUserRow & { createdAtKey: string; lastLoginKey: string | null };
export interface AccountCounts {
  accounts: number;
  funded: number;
}

export const usersAdminRepository = {
  async page(db: Db, f: AdminListFilter & AdminSort, limit: number, offset: number): Promise<AdminUserRow[]> {
    return selectRows(db)
      .where(whereOf(f))
      .orderBy(...orderOf(f))
      .limit(limit)
      .offset(offset);
  },

  /** Matching users, counted up to `cap` + 1 (more than the cap is said as "cap+"): a broad search stops early. */
  async count(db: Db, f: AdminListFilter, cap: number): Promise<number> {
    const where = whereOf(f);
    const result = await db.execute(
      sql`select count(*)::int as n from (select 1 from ${users} ${where ? sql`where ${where}` : sql``} limit ${cap + 1}) t`,
    );
    return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
  },

  /**
   * The export's next chunk in the list's order: the rows after `after` (the last row written), by
   * the sort's keys. Each chunk reads from where the last one ended (the sort's index), where an
   * OFFSET would read and skip every row already written again.
   */
  chunk(db: Db, f: AdminListFilter & AdminSort, limit: number, after: ExportRow | null): Promise<ExportRow[]> {
    return db
      .select({ ...listColumns, ...exportKeys })
      .from(users)
      .leftJoin(userLastLogins, eq(userLastLogins.userId, users.id))
      .where(and(whereOf(f), after ? afterRow(f, after) : undefined))
      .orderBy(...orderOf(f))
      .limit(limit);
  },

  async findDetail(db: Db | Tx, id: string): Promise<AdminUserRow | undefined> {
    const [row] = await selectRows(db).where(eq(users.id, id)).limit(1);
    return row;
  },

  /** Trading accounts per user, and the funded ones still running, for the given users only. */
  async accountCounts(db: Db | Tx, ids: string[]): Promise<Map<string, AccountCounts>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({
        userId: tradingAccounts.userId,
        accounts: sql<number>`count(*)::int`,
        funded: sql<number>`(count(*) filter (where ${tradingAccounts.phaseKind} = 'funded'
          and ${tradingAccounts.status} in ('pending', 'active')))::int`,
      })
      .from(tradingAccounts)
      .where(inArray(tradingAccounts.userId, ids))
      .groupBy(tradingAccounts.userId);
    return new Map(rows.map((r) => [r.userId, { accounts: Number(r.accounts), funded: Number(r.funded) }]));
  },

  /** Rows locked for a status or role change, so the last-ADMIN check cannot race another change. */
  async lockUsers(tx: Tx, ids: string[]) {
    // NO KEY UPDATE: it still queues two staff changes of the same users, and no longer blocks
    // the foreign-key checks of an order or payment in flight for them (which deadlocked with it).
    return tx.select().from(users).where(inArray(users.id, ids)).orderBy(asc(users.id)).for('no key update');
  },

  /**
   * The active ADMINs' ids, their rows locked in id order before any other row of the change, so
   * two changes at once (each suspending the other ADMIN) queue instead of both passing the
   * last-ADMIN check.
   */
  async lockActiveAdmins(tx: Tx): Promise<string[]> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'ADMIN'), eq(users.status, 'active'), isNull(users.deletedAt)))
      .orderBy(asc(users.id))
      .for('no key update');
    return rows.map((r) => r.id);
  },

  async setStatuses(tx: Tx, ids: string[], status: 'active' | 'suspended', at: Date): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .update(users)
      .set({ status, updatedAt: at })
      .where(and(inArray(users.id, ids), ne(users.status, status), isNull(users.deletedAt)))
      .returning({ id: users.id });
    return rows.map((r) => r.id);
  },

  async emailTaken(db: Db | Tx, email: string, exceptId?: string): Promise<boolean> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), exceptId ? ne(users.id, exceptId) : undefined))
      .limit(1);
    return Boolean(row);
  },

  async update(
    tx: Tx,
    id: string,
    set: {
      email: string;
      firstName: string;
      lastName: string;
      role: 'USER' | 'ADMIN' | 'SUPPORT';
      status: 'active' | 'suspended';
    },
    at: Date,
  ): Promise<boolean> {
    const rows = await tx
      .update(users)
      .set({ ...set, updatedAt: at })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    return rows.length > 0;
  },

  /** Inserts unless the email exists; undefined on a duplicate (the unique index decides a race). */
  async insertUser(tx: Tx, user: typeof users.$inferInsert) {
    const [row] = await tx.insert(users).values(user).onConflictDoNothing({ target: users.email }).returning();
    return row;
  },

  /** A set-password link: a password-reset token that lasts longer (the reset page consumes it). */
  async insertSetPasswordToken(tx: Tx, userId: string, tokenHash: string, at: Date, expiresAt: Date): Promise<void> {
    await tx.insert(passwordResets).values({ userId, tokenHash, createdAt: at, expiresAt });
  },

  /**
   * GDPR erasure of one user: personal fields replaced, the password and two-factor secrets dropped,
   * every session ended, IPs, devices and geolocation erased from sessions, sign-in attempts and the
   * last-login record. Orders, payouts and certificates keep pointing at the (now anonymous) row.
   */
  async anonymise(tx: Tx, id: string, fields: { email: string; firstName: string; lastName: string }, at: Date) {
    const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, id));
    await tx
      .update(users)
      .set({
        ...fields,
        status: 'suspended',
        passwordHash: '!anonymised',
        preferences: {},
        mfaSecret: null,
        mfaPendingSecret: null,
        mfaEnabledAt: null,
        mfaLastStep: null,
        deletedAt: at,
        updatedAt: at,
      })
      .where(eq(users.id, id));
    await tx.update(sessions).set({ ip: null, userAgent: null, geolocation: null }).where(eq(sessions.userId, id));
    await tx
      .update(loginEvents)
      .set({ ip: null, userAgent: null, geolocation: null, email: fields.email })
      .where(or(eq(loginEvents.userId, id), before ? eq(loginEvents.email, before.email) : undefined));
    await tx.update(userLastLogins).set({ geolocation: null }).where(eq(userLastLogins.userId, id));
    await tx
      .update(mfaChallenges)
      .set({ ip: null, userAgent: null, geolocation: null, usedAt: at })
      .where(eq(mfaChallenges.userId, id));
    await tx.delete(emailChanges).where(eq(emailChanges.userId, id));
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, id));
    await tx
      .update(passwordResets)
      .set({ usedAt: at })
      .where(and(eq(passwordResets.userId, id), isNull(passwordResets.usedAt)));
  },

  async loginEvents(db: Db, userId: string, limit: number) {
    return db
      .select()
      .from(loginEvents)
      .where(eq(loginEvents.userId, userId))
      .orderBy(desc(loginEvents.createdAt))
      .limit(limit);
  },

  async activeSessions(db: Db, userId: string, now: Date) {
    return db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
        geolocation: sessions.geolocation,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.lastSeenAt))
      .limit(100);
  },

  async revokeSession(tx: Tx, userId: string, sessionId: string, at: Date): Promise<boolean> {
    const rows = await tx
      .update(sessions)
      .set({ revokedAt: at, revokedReason: 'revoked' })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length > 0;
  },
};
