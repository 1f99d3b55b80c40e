// Mail: written to the outbox in the transaction that causes it, delivered after the commit.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { createSmtpTransport, type MailTransport } from './mail-transport.ts';
import { OutboxService } from './outbox.service.ts';

export { OutboxService } from './outbox.service.ts';
export { createSmtpTransport, type MailTransport, type OutgoingMail } from './mail-transport.ts';
export type { NewMail } from './outbox.repository.ts';

const OUTBOX_INTERVAL_MS = 30_000;

/**
 * The outbox and its delivery timer: a pass at start and every 30 s (retries, mail left by a
 * crash), and a last one at close. `transport` overrides SMTP_URL (null: mails are logged).
 */
export function register(
  app: FastifyInstance,
  deps: { config: Config; database: Database; clock: Clock; transport?: MailTransport | null },
): { outbox: OutboxService } {
  const { config } = deps;
  const transport =
    deps.transport !== undefined ? deps.transport : config.SMTP_URL ? createSmtpTransport(config.SMTP_URL) : null;
  const outbox = new OutboxService(deps.database.db, transport, config.MAIL_FROM, deps.clock, app.log);

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void outbox.kick(), OUTBOX_INTERVAL_MS);
    timer.unref();
    void outbox.kick();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await outbox.kick();
    transport?.close?.();
  });
  return { outbox };
}
