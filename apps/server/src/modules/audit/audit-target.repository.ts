import { formatOrderNumber } from '@app/contracts/commerce';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  certificates,
  challenges,
  connectors,
  discountCodes,
  newsImports,
  orders,
  payouts,
  tradingAccounts,
  users,
} from '../../db/schema/index.ts';

export interface AuditTarget {
  targetType: string;
  targetId: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What each target type is called, by the row it names today. A user goes by the current row,
 * which anonymising rewrites: an erased person is never named by a past address (decision 028).
 */
const LOOKUPS: Record<string, (ids: string[]) => SQL> = {
  user: (ids) => sql`select 'user', ${users.id}::text,
      case when ${users.deletedAt} is null then ${users.email} else ${users.firstName} || ' ' || ${users.lastName} end
    from ${users} where ${inArray(users.id, ids)}`,
  order: (ids) => sql`select 'order', ${orders.id}::text, ${orders.number}::text from ${orders}
    where ${inArray(orders.id, ids)}`,
  challenge: (ids) => sql`select 'challenge', ${challenges.id}::text, ${challenges.name} from ${challenges}
    where ${inArray(challenges.id, ids)}`,
  trading_account: (ids) => sql`select 'trading_account', ${tradingAccounts.id}::text, ${tradingAccounts.login}
    from ${tradingAccounts} where ${inArray(tradingAccounts.id, ids)}`,
  // A payout has no number of its own: the account it is paid from names it.
  payout: (ids) => sql`select 'payout', ${payouts.id}::text, ${tradingAccounts.login} from ${payouts}
    join ${tradingAccounts} on ${tradingAccounts.id} = ${payouts.accountId} where ${inArray(payouts.id, ids)}`,
  certificate: (ids) => sql`select 'certificate', ${certificates.id}::text, ${certificates.code} from ${certificates}
    where ${inArray(certificates.id, ids)}`,
  discount_code: (ids) => sql`select 'discount_code', ${discountCodes.id}::text, ${discountCodes.code}
    from ${discountCodes} where ${inArray(discountCodes.id, ids)}`,
  connector: (ids) => sql`select 'connector', ${connectors.id}::text, ${connectors.name} from ${connectors}
    where ${inArray(connectors.id, ids)}`,
  news_import: (ids) => sql`select 'news_import', ${newsImports.id}::text, nullif(${newsImports.fileName}, '')
    from ${newsImports} where ${inArray(newsImports.id, ids)}`,
};

interface LabelRow {
  type: string;
  id: string;
  label: string | null;
}

const keyOf = (targetType: string, targetId: string) => `${targetType}:${targetId.toLowerCase()}`;

/** The shown form of a looked-up value: orders are quoted by their number. */
const shown = (type: string, label: string) => (type === 'order' ? formatOrderNumber(Number(label)) : label);

export const auditTargetLabels = {
  /**
   * The labels of a page's targets in one query (a union of one lookup per target type present),
   * keyed by `keyOf`. Ids that are not uuids, and types without a name, are not looked up.
   */
  async of(db: Db, targets: AuditTarget[]): Promise<Map<string, string>> {
    const idsByType = new Map<string, Set<string>>();
    for (const { targetType, targetId } of targets) {
      if (!targetId || !UUID.test(targetId) || !Object.hasOwn(LOOKUPS, targetType)) continue;
      idsByType.set(targetType, (idsByType.get(targetType) ?? new Set()).add(targetId.toLowerCase()));
    }
    const parts = [...idsByType].map(([type, ids]) => sql`(${LOOKUPS[type]!([...ids])})`);
    const labels = new Map<string, string>();
    if (!parts.length) return labels;
    const result = await db.execute(
      sql`select type, id, label from (${sql.join(parts, sql` union all `)}) as t(type, id, label)`,
    );
    for (const { type, id, label } of (result as unknown as { rows: LabelRow[] }).rows) {
      if (label) labels.set(keyOf(type, id), shown(type, label));
    }
    return labels;
  },
  keyOf,
};
