import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/index.ts';

/** A file to attach, named by reference: its module's resolver renders it at delivery time. */
export interface MailAttachmentRef {
  /** Which resolver renders it (e.g. `invoice`). */
  kind: string;
  /** What it renders (e.g. the order's id). */
  id: string;
}

export type NewMail = { to: string; subject: string; text: string; html?: string; attachments?: MailAttachmentRef[] };

export const outboxRepository = {
  enqueue: (db: Db | Tx, mail: NewMail) =>
    db.insert(emailOutbox).values({ ...mail, attachments: mail.attachments?.length ? mail.attachments : null }),

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

  markAttemptFailed: (db: Db, id: string, error: string, giveUp: boolean) =>
    db
      .update(emailOutbox)
      .set({
        attempts: sql`${emailOutbox.attempts} + 1`,
        lastError: error.slice(0, 500),
        status: giveUp ? 'failed' : 'pending',
      })
      .where(eq(emailOutbox.id, id)),
};
