import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/index.ts';

/** A file to attach, named by reference: its module's resolver renders it at delivery time. */
export interface MailAttachmentRef {
  /** Which resolver renders it (e.g. `invoice`). */
  kind: string;
  /** What it renders (e.g. the order's id). */
  id: string;
}

export type NewMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachmentRef[];
  /** The record the mail is about (an order's id), for that record's history. */
  aboutId?: string;
  /**
   * The user the mail is for (null: no user, e.g. an address not registered): erasing their data
   * finds it by them, not by an address (decision 028). Required, so no new mail forgets it.
   */
  userId: string | null;
};

/** A queued mail as a record's history shows it. */
export interface MailAbout {
  to: string;
  subject: string;
  status: 'pending' | 'sent' | 'logged' | 'failed';
  createdAt: Date;
  sentAt: Date | null;
}

/** What staff see of a mail: its delivery state, never its body. */
const MAIL_STATE = {
  id: emailOutbox.id,
  to: emailOutbox.to,
  subject: emailOutbox.subject,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
};

export const outboxRepository = {
  enqueue: (db: Db | Tx, mail: NewMail) =>
    db.insert(emailOutbox).values({ ...mail, attachments: mail.attachments?.length ? mail.attachments : null }),

  /**
   * `mail` queued once per row of `source` (a CTE's name), as a statement to put in that CTE's
   * `with`: the mail is written in the statement that causes it, and only if that wrote a row.
   */
  enqueuePerRow: (source: SQL, mail: NewMail): SQL => sql`
    insert into email_outbox (to_address, subject, text_body, html_body, attachments, about_id, user_id)
    select ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null},
      ${mail.attachments?.length ? JSON.stringify(mail.attachments) : null}::jsonb, ${mail.aboutId ?? null}::uuid,
      ${mail.userId ?? null}::uuid
    from ${source}`,

  /** The mails about `aboutId`, oldest first (the partial index on about_id). */
  about: (db: Db | Tx, aboutId: string): Promise<MailAbout[]> =>
    db
      .select({
        to: emailOutbox.to,
        subject: emailOutbox.subject,
        status: emailOutbox.status,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
      })
      .from(emailOutbox)
      .where(eq(emailOutbox.aboutId, aboutId))
      .orderBy(asc(emailOutbox.createdAt)),

  /** The newest `limit` mails to `userId` with their delivery state, without their bodies. */
  ofUser: (db: Db | Tx, userId: string, limit: number) =>
    db
      .select(MAIL_STATE)
      .from(emailOutbox)
      .where(eq(emailOutbox.userId, userId))
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(limit),

  /** One mail to `userId`, locked for an update of its delivery state; undefined when there is none. */
  oneOfUserForUpdate: async (tx: Tx, userId: string, id: string) =>
    (
      await tx
        .select(MAIL_STATE)
        .from(emailOutbox)
        .where(and(eq(emailOutbox.id, id), eq(emailOutbox.userId, userId)))
        .for('update')
    )[0],

  /** A given-up mail back in the queue with its attempts counted from zero. */
  requeue: async (tx: Tx, id: string) =>
    (
      await tx
        .update(emailOutbox)
        .set({ status: 'pending', attempts: 0, lastError: null, refused: false })
        .where(eq(emailOutbox.id, id))
        .returning(MAIL_STATE)
    )[0]!,

  /**
   * Every mail given up on that was written at `since` or later, back in the queue with its
   * attempts counted from zero (the status index); their ids. Not those whose address the
   * recipient's server refused for good: they would be refused again.
   */
  requeueFailedSince: async (tx: Tx, since: Date) =>
    (
      await tx
        .update(emailOutbox)
        .set({ status: 'pending', attempts: 0, lastError: null })
        .where(and(eq(emailOutbox.status, 'failed'), eq(emailOutbox.refused, false), gte(emailOutbox.createdAt, since)))
        .returning({ id: emailOutbox.id })
    ).map((r) => r.id),

  /** Mails waiting and given up on, and the age of the oldest waiting one (the pending index). */
  backlog: async (db: Db) => {
    const rows = (await db.execute(sql`
      select status, count(*)::int as n, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age
      from email_outbox where status in ('pending', 'failed') group by status`)) as unknown as {
      rows: { status: string; n: number; age: number }[];
    };
    const of = (status: string) => rows.rows.find((r) => r.status === status);
    return {
      pending: of('pending')?.n ?? 0,
      failed: of('failed')?.n ?? 0,
      oldestPendingSeconds: of('pending')?.age ?? 0,
    };
  },

  pending: (db: Db, limit: number, maxAttempts: number) =>
    db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, 'pending'), lt(emailOutbox.attempts, maxAttempts)))
      .orderBy(asc(emailOutbox.createdAt))
      .limit(limit),

  markDone: (db: Db, id: string, status: 'sent' | 'logged', at: Date) =>
    db
      .update(emailOutbox)
      .set({ status, sentAt: at, attempts: sql`${emailOutbox.attempts} + 1` })
      .where(eq(emailOutbox.id, id)),

  /** `retry`: tried again later; `give-up`: too many attempts; `refused`: the address, for good. */
  markAttemptFailed: (db: Db, id: string, error: string, outcome: 'retry' | 'give-up' | 'refused') =>
    db
      .update(emailOutbox)
      .set({
        attempts: sql`${emailOutbox.attempts} + 1`,
        lastError: error.slice(0, 500),
        status: outcome === 'retry' ? 'pending' : 'failed',
        refused: outcome === 'refused',
      })
      .where(eq(emailOutbox.id, id)),
};
