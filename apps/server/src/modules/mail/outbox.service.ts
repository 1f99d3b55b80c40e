import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MailAttachment, MailTransport } from './mail-transport.ts';
import { outboxRepository, type MailAbout, type MailAttachmentRef, type NewMail } from './outbox.repository.ts';

/** The queue whose job delivers what the outbox holds. */
export const DELIVER_OUTBOX = 'mail.deliver-outbox';

/** Renders one kind of attachment from its reference (throws when it cannot: the mail is retried). */
export type AttachmentResolver = (ref: MailAttachmentRef) => Promise<MailAttachment>;

/**
 * Sends what the outbox holds. Without a transport (no SMTP_URL) each mail is logged instead,
 * links included, so a local user can still follow a reset link.
 */
export class OutboxService {
  private readonly resolvers = new Map<string, AttachmentResolver>();

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport | null,
    private readonly from: string,
    private readonly clock: Clock,
    private readonly jobs: Jobs,
    private readonly log: FastifyBaseLogger,
    private readonly opts: { maxAttempts: number },
  ) {}

  /**
   * How attachments of `kind` are made at delivery time (a module registers its own kinds, e.g. the
   * orders module `invoice`): the outbox holds references, never file contents.
   */
  registerAttachments(kind: string, resolver: AttachmentResolver): void {
    if (this.resolvers.has(kind)) throw new Error(`attachment kind ${kind} is registered twice`);
    this.resolvers.set(kind, resolver);
  }

  /** Puts a mail in the outbox inside the caller's transaction; `notify()` after the commit sends it. */
  async enqueue(tx: Db | Tx, mail: NewMail): Promise<void> {
    await outboxRepository.enqueue(tx, mail);
  }

  /** The mails queued about a record (`NewMail.aboutId`), oldest first, with their delivery state. */
  mailsAbout(aboutId: string): Promise<MailAbout[]> {
    return outboxRepository.about(this.db, aboutId);
  }

  /** The newest `limit` mails to a user with their delivery state (staff's user panel), no bodies. */
  mailsTo(userId: string, limit: number) {
    return outboxRepository.ofUser(this.db, userId, limit);
  }

  /** The backlog for the metrics; null while the database cannot answer, so a scrape still does. */
  backlog() {
    return outboxRepository.backlog(this.db).catch(() => null);
  }

  /**
   * Puts a mail to `userId` that was given up on back in the queue, inside the caller's transaction
   * (its audit entry goes with it); `notify()` after the commit sends it. The mail is sent as it
   * was written: a link in it may have expired since.
   */
  async requeueFailed(tx: Tx, userId: string, mailId: string) {
    const mail = await outboxRepository.oneOfUserForUpdate(tx, userId, mailId);
    if (!mail) return 'not_found' as const;
    if (mail.status !== 'failed') return 'not_failed' as const;
    return { before: mail, after: await outboxRepository.requeue(tx, mailId) };
  }

  /**
   * Every mail given up on since `since` back in the queue, inside the caller's transaction; their
   * ids. As `requeueFailed`, each is sent as it was written.
   */
  requeueFailedSince(tx: Tx, since: Date): Promise<string[]> {
    return outboxRepository.requeueFailedSince(tx, since);
  }

  /**
   * Asks for a delivery run; call it after the transaction that enqueued mail committed. Never
   * throws: a mail whose job could not be sent goes out with the next scheduled run.
   */
  notify(): void {
    void this.jobs
      .send(DELIVER_OUTBOX, {})
      .catch((err: unknown) => this.log.warn({ err }, 'could not queue mail delivery; the scheduled run sends it'));
  }

  /**
   * Delivers the pending mail, batch by batch. Throws when a mail failed, so the job is retried
   * with back-off (each mail is given up after MAIL_MAX_ATTEMPTS, or at once when its recipient is refused).
   */
  async deliverPending(): Promise<void> {
    for (;;) {
      const batch = await outboxRepository.pending(this.db, 20, this.opts.maxAttempts);
      if (batch.length === 0) return;
      let failures = 0;
      for (const mail of batch) {
        if ((await this.deliver(mail)) === 'retry') failures++;
      }
      // A failing SMTP server is retried after the job's back-off, not in a tight loop.
      if (failures > 0) throw new Error(`${failures} of ${batch.length} mails could not be delivered`);
    }
  }

  /** Sends one mail: 'done', 'retry' (tried again later), or 'refused' (given up on at once). */
  private async deliver(
    mail: Awaited<ReturnType<typeof outboxRepository.pending>>[number],
  ): Promise<'done' | 'retry' | 'refused'> {
    const refs = mail.attachments ?? [];
    if (!this.transport) {
      const attachments = refs.map((r) => `${r.kind}:${r.id}`);
      this.log.info({ to: mail.to, subject: mail.subject, text: mail.text, attachments }, 'mail (no SMTP_URL set)');
      await outboxRepository.markDone(this.db, mail.id, 'logged', this.clock.now());
      return 'done';
    }
    try {
      // Rendered now, from the data as stored: a failure here is retried like a failed send.
      const attachments = await Promise.all(refs.map((ref) => this.resolve(ref)));
      await this.transport.send({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(attachments.length ? { attachments } : {}),
      });
      await outboxRepository.markDone(this.db, mail.id, 'sent', this.clock.now());
      return 'done';
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const refused = recipientRefused(err);
      this.log.warn(
        { mailId: mail.id, error: message },
        refused ? 'mail refused for good' : 'mail delivery failed, will retry',
      );
      const outcome = refused ? 'refused' : mail.attempts + 1 >= this.opts.maxAttempts ? 'give-up' : 'retry';
      await outboxRepository.markAttemptFailed(this.db, mail.id, message, outcome);
      return refused ? 'refused' : 'retry';
    }
  }

  private resolve(ref: MailAttachmentRef): Promise<MailAttachment> {
    const resolver = this.resolvers.get(ref.kind);
    if (!resolver) return Promise.reject(new Error(`no resolver for attachments of kind ${ref.kind}`));
    return resolver(ref);
  }
}

/**
 * The mail server refused the recipient for good (a 5xx answer to RCPT TO, e.g. "550 mailbox
 * unavailable"): trying again changes nothing. Anything else, a refused login (535) or a server
 * that is down included, is retried: those are the server's state, not the mail's.
 */
function recipientRefused(err: unknown): boolean {
  const e = err as { code?: unknown; responseCode?: unknown };
  return e?.code === 'EENVELOPE' && typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600;
}
