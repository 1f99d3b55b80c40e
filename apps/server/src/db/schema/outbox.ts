import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Mail is written here in the same transaction as the change that causes it, then delivered.
 * Nothing acknowledged is lost if SMTP is down or the process dies before sending.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body'),
    /**
     * What to attach, as references rendered at delivery (e.g. `{ kind: 'invoice', orderId }`),
     * never the bytes: a resolver the owning module registers produces each file.
     */
    attachments: jsonb('attachments').$type<{ kind: string; id: string }[]>(),
    status: text('status', { enum: ['pending', 'sent', 'logged', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * Given up on because the recipient's mail server refused the address for good (a 5xx answer
     * to RCPT TO): sending all undelivered mails again after an outage leaves these out.
     */
    refused: boolean('refused').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The record the mail is about (an order), so its history can say which mails went out. */
    aboutId: uuid('about_id'),
    /**
     * The user the mail was for (an email change's link to a new address too), so erasing a person's
     * mails (decision 028) does not go by an address someone else may hold by now. Null on rows
     * older than the column that no user could be matched to.
     */
    userId: uuid('user_id').references(() => users.id),
  },
  (t) => [
    index('email_outbox_pending_idx').on(t.status, t.createdAt),
    index('email_outbox_about_idx')
      .on(t.aboutId)
      .where(sql`${t.aboutId} is not null`),
    index('email_outbox_user_idx')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    check('email_outbox_status_valid', sql`${t.status} in ('pending', 'sent', 'logged', 'failed')`),
  ],
);
