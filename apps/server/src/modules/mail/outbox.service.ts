import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MailTransport } from './mail-transport.ts';
import { outboxRepository, type NewMail } from './outbox.repository.ts';

const MAX_ATTEMPTS = 8;

/**
 * Sends what the outbox holds. Without a transport (no SMTP_URL) each mail is logged instead,
 * links included, so a local user can still follow a reset link.
 */
export class OutboxService {
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport | null,
    private readonly from: string,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Puts a mail in the outbox inside the caller's transaction; `kick()` after the commit sends it. */
  async enqueue(tx: Db | Tx, mail: NewMail): Promise<void> {
    await outboxRepository.enqueue(tx, mail);
  }

  /**
   * Starts a delivery pass, or, while one runs, queues one more after it (shared by every caller
   * meanwhile). The promise settles after a pass that began after this call. Never throws.
   */
  kick(): Promise<void> {
    if (!this.running) {
      this.running = this.drain().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.queued ??= this.running.then(() => {
      this.queued = null;
      return this.kick();
    });
    return this.queued;
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        const batch = await outboxRepository.pending(this.db, 20, MAX_ATTEMPTS);
        if (batch.length === 0) return;
        let failures = 0;
        for (const mail of batch) {
          if (!(await this.deliver(mail))) failures++;
        }
        // A failing SMTP server is retried on the next scheduled pass, not in a tight loop.
        if (failures > 0) return;
      }
    } catch (err) {
      this.log.error({ err }, 'mail outbox pass failed');
    }
  }

  private async deliver(mail: Awaited<ReturnType<typeof outboxRepository.pending>>[number]) {
    if (!this.transport) {
      this.log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail (no SMTP_URL set)');
      await outboxRepository.markDone(this.db, mail.id, 'logged', this.clock.now());
      return true;
    }
    try {
      await this.transport.send({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      await outboxRepository.markDone(this.db, mail.id, 'sent', this.clock.now());
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.log.warn({ mailId: mail.id, error: message }, 'mail delivery failed, will retry');
      await outboxRepository.markAttemptFailed(this.db, mail.id, message, mail.attempts + 1 >= MAX_ATTEMPTS);
      return false;
    }
  }
}
