import { UNDELIVERED_MAILS_DAYS, USER_MAILS_LIMIT, type AdminUserMail } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Principal } from '../../plugins/access.ts';
import { recordAudit } from '../audit/index.ts';
import type { OutboxService } from '../mail/index.ts';
import { usersAdminRepository as repo } from './users-admin.repository.ts';

/** A mail's delivery state as the API answers it. */
const mailJson = (m: { createdAt: Date; sentAt: Date | null } & Omit<AdminUserMail, 'createdAt' | 'sentAt'>) => ({
  ...m,
  createdAt: m.createdAt.toISOString(),
  sentAt: m.sentAt?.toISOString() ?? null,
});

const DAY_MS = 86_400_000;

/**
 * The mails a user was sent, as staff see them on the user's page; ADMIN's resend of a refused one,
 * and of every recent refused one at once (after an outage of the mail server).
 */
export class UserMailsService {
  constructor(private readonly deps: { db: Db; clock: Clock; outbox: OutboxService }) {}

  /** The user's newest mails and how their delivery went; no bodies (they may hold password links). */
  async mails(userId: string) {
    if (!(await repo.findDetail(this.deps.db, userId))) throw notFound('user');
    const rows = await this.deps.outbox.mailsTo(userId, USER_MAILS_LIMIT);
    return { items: rows.map(mailJson) };
  }

  /** A mail that was not delivered, queued again as it was (same address) once the cause is fixed. */
  async resendMail(actor: Principal, userId: string, mailId: string) {
    const { db, clock, outbox } = this.deps;
    const mail = await db.transaction(async (tx) => {
      const result = await outbox.requeueFailed(tx, userId, mailId);
      if (result === 'not_found') throw notFound('mail');
      if (result === 'not_failed')
        throw new AppError('MAIL_NOT_FAILED', 409, 'Only a mail that was not delivered can be sent again');
      const { before, after } = result;
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'user.mail_resend',
        targetType: 'user',
        targetId: userId,
        before: {
          mailId,
          subject: before.subject,
          status: before.status,
          attempts: before.attempts,
          lastError: before.lastError,
        },
        after: { mailId, status: after.status },
        at: clock.now(),
      });
      return after;
    });
    outbox.notify();
    return { mail: mailJson(mail) };
  }

  /**
   * Every mail given up on in the last UNDELIVERED_MAILS_DAYS days queued again, as written (a link
   * in one may have expired since), in one transaction with its audit entry; none: nothing changes.
   */
  async resendUndelivered(actor: Principal) {
    const { db, clock, outbox } = this.deps;
    const now = clock.now();
    const since = new Date(now.getTime() - UNDELIVERED_MAILS_DAYS * DAY_MS);
    const requeued = await db.transaction(async (tx) => {
      const ids = await outbox.requeueFailedSince(tx, since);
      if (ids.length > 0)
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'mail.resend_undelivered',
          targetType: 'mail',
          targetId: null,
          before: { status: 'failed', writtenSince: since.toISOString(), count: ids.length },
          after: { status: 'pending', mailIds: ids },
          at: now,
        });
      return ids.length;
    });
    if (requeued > 0) outbox.notify();
    return { requeued };
  }
}
