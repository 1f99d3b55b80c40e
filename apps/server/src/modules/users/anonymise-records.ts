// GDPR erasure beyond the user row (decision 028): the copies of a person's data that other records
// keep — orders' billing details, payout destinations, mails, staff audit entries. Runs in the
// anonymising transaction, before the user row and the sign-in history lose the addresses it looks for.
import { and, eq, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { auditLog, emailChanges, emailOutbox, loginEvents, orders, payouts, users } from '../../db/schema/index.ts';

export interface AnonymousIdentity {
  email: string;
  firstName: string;
  lastName: string;
}

/** What erased mails keep as their subject: the record says a mail went out, not what it said. */
export const ERASED_MAIL_SUBJECT = '(erased)';

export async function anonymiseRecords(tx: Tx, userId: string, anonymous: AnonymousIdentity): Promise<void> {
  const name = `${anonymous.firstName} ${anonymous.lastName}`;
  const addresses = await addressesOf(tx, userId);
  await eraseMails(tx, userId, addresses, anonymous.email);
  await eraseBilling(tx, userId, name, anonymous.email);
  await erasePayoutDestinations(tx, userId, name, anonymous.email);
  await eraseAuditValues(tx, userId, anonymous);
}

/**
 * Every address the person used with us, lower case: the account's (now and after each change,
 * as staff audit entries and sign-ins recorded it), the billing and PayPal ones they gave. An
 * address another user holds today is theirs, not this person's. Only for the mails that name no
 * user (written before mails did): the others are found by whom they were for.
 */
async function addressesOf(tx: Tx, userId: string): Promise<string[]> {
  const result = await tx.execute(sql`
    select distinct lower(t.a) as address from (
      select ${users.email} as a from ${users} where ${users.id} = ${userId}
      union all select ${emailChanges.newEmail} from ${emailChanges} where ${emailChanges.userId} = ${userId}
      union all select ${loginEvents.email} from ${loginEvents} where ${loginEvents.userId} = ${userId}
      union all select ${orders.billing} ->> 'email' from ${orders} where ${orders.userId} = ${userId}
      union all select ${payouts.destination} ->> 'email' from ${payouts} where ${payouts.userId} = ${userId}
      union all select ${auditLog.before} ->> 'email' from ${auditLog} where ${targetsUser(userId)}
      union all select ${auditLog.after} ->> 'email' from ${auditLog} where ${targetsUser(userId)}
    ) t
    where t.a like '%@%'
      and not exists (select 1 from ${users} u where u.email = lower(t.a) and u.id <> ${userId})`);
  return (result as unknown as { rows: Array<{ address: string }> }).rows.map((r) => r.address);
}

const targetsUser = (userId: string) => and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId));

/**
 * Mails for the person (by the user they name, wherever they went: a link to a new address too) or
 * about their orders and payouts; of the mails that name no user, those to the person's addresses.
 * One still queued must not go out: deleted (it never happened). One that went out (or was given
 * up) stays as a record that it did, sent to the anonymised address, without its subject, bodies or
 * attachments. A mail naming another user is theirs, whatever address it went to.
 */
async function eraseMails(tx: Tx, userId: string, addresses: string[], anonymousEmail: string) {
  const about = sql`${emailOutbox.aboutId} in (select ${orders.id} from ${orders} where ${orders.userId} = ${userId}
    union all select ${payouts.id} from ${payouts} where ${payouts.userId} = ${userId})`;
  const unattributed = addresses.length
    ? and(isNull(emailOutbox.userId), inArray(sql`lower(${emailOutbox.to})`, addresses))
    : undefined;
  const theirs: SQL = or(eq(emailOutbox.userId, userId), about, unattributed)!;
  await tx.delete(emailOutbox).where(and(theirs, eq(emailOutbox.status, 'pending')));
  await tx
    .update(emailOutbox)
    .set({ to: anonymousEmail, subject: ERASED_MAIL_SUBJECT, text: '', html: null, attachments: null, lastError: null })
    .where(theirs);
}

/**
 * Orders keep their figures and the anonymised buyer. Of the billing details only what the tax
 * records need stays: the country (it set the VAT rate) and, on a reverse-charge order, the VAT id
 * (why no VAT was charged). Rebuilt from an allow-list, so a field added to the billing details
 * later is erased until someone decides otherwise here. The search text is a generated column: it
 * follows.
 */
async function eraseBilling(tx: Tx, userId: string, name: string, email: string) {
  await tx
    .update(orders)
    .set({
      billing: sql`jsonb_build_object(
        'name', ${name}::text, 'email', ${email}::text,
        'addressLine1', '', 'addressLine2', '', 'city', '', 'postalCode', '', 'company', '',
        'country', ${orders.billing} -> 'country',
        'vatId', case when ${orders.reverseCharge} then coalesce(${orders.billing} -> 'vatId', '""'::jsonb)
          else '""'::jsonb end)`,
    })
    .where(eq(orders.userId, userId));
}

/**
 * Payouts keep amounts, statuses and references. The destination keeps its method and enough to
 * recognise it in a bank statement: the IBAN's country and last 4 characters, the BIC (a bank's,
 * not a person's), a wallet address's last 4; the holder and the PayPal address become the
 * anonymised ones.
 */
async function erasePayoutDestinations(tx: Tx, userId: string, name: string, email: string) {
  const d = payouts.destination;
  // "DE89370400440532013000" → "DE****************3000": the first `keep` and the last 4 characters.
  const masked = (field: 'iban' | 'address', keep: number) => {
    const v = sql`(${d} ->> ${sql.raw(`'${field}'`)})`;
    return sql`left(${v}, ${sql.raw(String(keep))}) || repeat('*', greatest(length(${v}) - ${sql.raw(String(keep + 4))}, 0))
      || right(${v}, 4)`;
  };
  await tx
    .update(payouts)
    .set({
      destination: sql`case ${payouts.method}
        when 'bank_transfer' then ${d} || jsonb_build_object('accountHolder', ${name}::text, 'iban', ${masked('iban', 2)})
        when 'paypal' then ${d} || jsonb_build_object('email', ${email}::text)
        when 'crypto' then ${d} || jsonb_build_object('address', ${masked('address', 0)})
        else ${d} end`,
    })
    .where(eq(payouts.userId, userId));
}

/**
 * Staff audit entries about the person stay (who did what, when); the email and names in their
 * before/after become the anonymised ones, whatever values they held then.
 */
async function eraseAuditValues(tx: Tx, userId: string, anonymous: AnonymousIdentity) {
  const replacements = JSON.stringify(anonymous);
  const scrub = (column: SQLWrapper) => sql`case when jsonb_typeof(${column}) = 'object'
    then ${column} || (select coalesce(jsonb_object_agg(r.key, r.value), '{}'::jsonb)
      from jsonb_each(${replacements}::jsonb) r where jsonb_exists(${column}, r.key))
    else ${column} end`;
  await tx
    .update(auditLog)
    .set({ before: scrub(auditLog.before), after: scrub(auditLog.after) })
    .where(targetsUser(userId));
}
