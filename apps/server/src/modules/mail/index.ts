// Mail: written to the outbox in the transaction that causes it, delivered by a job after the commit.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { Clock } from '../../lib/clock.ts';
import { createSmtpTransport, type MailTransport } from './mail-transport.ts';
import { outboxRepository } from './outbox.repository.ts';
import { DELIVER_OUTBOX, OutboxService } from './outbox.service.ts';

export { DELIVER_OUTBOX, OutboxService, type AttachmentResolver } from './outbox.service.ts';
export { createSmtpTransport, type MailAttachment, type MailTransport, type OutgoingMail } from './mail-transport.ts';
export type { MailAbout, MailAttachmentRef, NewMail } from './outbox.repository.ts';
/** A mail queued by the statement that causes it (see `outboxRepository.enqueuePerRow`). */
export const enqueueMailPerRow = outboxRepository.enqueuePerRow;

/**
 * The outbox and its delivery job: run on each `notify()`, retried with back-off while mail fails,
 * and every 5 minutes. `transport` overrides SMTP_URL (null: mails are logged).
 */
export function register(
  app: FastifyInstance,
  deps: { config: Config; database: Database; clock: Clock; jobs: Jobs; transport?: MailTransport | null },
): { outbox: OutboxService } {
  const { config, jobs } = deps;
  const transport =
    deps.transport !== undefined ? deps.transport : config.SMTP_URL ? createSmtpTransport(config.SMTP_URL) : null;
  const outbox = new OutboxService(deps.database.db, transport, config.MAIL_FROM, deps.clock, jobs, app.log, {
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
  });

  jobs.work(DELIVER_OUTBOX, () => outbox.deliverPending(), {
    policy: 'stately',
    retryLimit: 6,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 120,
  });
  jobs.schedule(DELIVER_OUTBOX, '*/5 * * * *'); // mail left by a crash, or after retries ran out
  // Registered before the runner's stop (buildApp), so it runs after it: no delivery is cut off.
  app.addHook('onClose', async () => transport?.close?.());
  return { outbox };
}
