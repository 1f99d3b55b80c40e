// What a person chose about mail (users.preferences, set on their profile): which kinds of
// notification they turned off, and the language they use the app in. Modules that send mail read it
// here, in the transaction that queues the mail.
import type { MailKind } from '@app/contracts/account';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

export interface MailPreferences {
  /** The app language chosen on the profile, if any (not checked against the mail languages). */
  language: string | null;
  /** False only when the person turned this kind off; every kind is on by default. */
  wants(kind: MailKind): boolean;
}

export async function mailPreferencesOf(db: Db | Tx, userId: string): Promise<MailPreferences> {
  const result = await db.execute(
    sql`select preferences ->> 'language' as language, preferences -> 'mail' as mail from users where id = ${userId}`,
  );
  const row = (result as unknown as { rows: Array<{ language: string | null; mail: unknown }> }).rows[0];
  const mail = (row?.mail && typeof row.mail === 'object' ? row.mail : {}) as Partial<Record<MailKind, unknown>>;
  return { language: row?.language ?? null, wants: (kind) => mail[kind] !== false };
}

/**
 * The same rule as `wants` in SQL, for a read that fetches the recipient with other data:
 * `preferences` is the users.preferences column (or its alias) of the row.
 */
export function wantsMailSql(preferences: SQL, kind: MailKind): SQL {
  return sql`coalesce((${preferences} -> 'mail' -> ${kind}::text) <> 'false'::jsonb, true)`;
}
