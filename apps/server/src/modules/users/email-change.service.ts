import { ACCOUNT_MESSAGES } from '@app/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailChanges, users } from '../../db/schema/index.ts';
import { AppError, notFound, wrongCurrentPassword } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Principal } from '../../plugins/access.ts';
import type { SessionService } from '../sessions/index.ts';
import type { CurrentPasswordGate } from './current-password-gate.ts';
import type { SecurityMailer } from './security-mailer.ts';
import { usersRepository } from './users.repository.ts';

const LINK_TTL_MS = 24 * 3_600_000;
/** The `email` field names the address the account has already. */
const sameAddress = () => {
  const err = new AppError('CONFLICT', 409, ACCOUNT_MESSAGES.emailUnchanged);
  err.fields = { email: ACCOUNT_MESSAGES.emailUnchanged };
  return err;
};
const invalidLink = () => new AppError('INVALID_EMAIL_TOKEN', 400, 'This confirmation link is invalid or has expired');

/**
 * A new address is confirmed by a link sent to it; the old address is told once it changed. The
 * request answers alike whether or not the new address has an account (nothing to enumerate): the
 * link to an address taken meanwhile or before is refused when opened, with nothing changed.
 */
export class EmailChangeService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      passwords: PasswordHasher;
      sessions: SessionService;
      mailer: SecurityMailer;
      publicUrl: string;
      gate: CurrentPasswordGate;
    },
  ) {}

  async request(principal: Principal, newEmail: string, currentPassword: string) {
    const { db, clock, passwords, mailer } = this.deps;
    const user = await usersRepository.findById(db, principal.userId);
    if (!user || user.deletedAt) throw notFound('user');
    if (!(await this.deps.gate.check(user.id, () => passwords.verify(user.passwordHash, currentPassword)))) {
      throw wrongCurrentPassword();
    }
    const email = newEmail.toLowerCase();
    if (email === user.email) throw sameAddress();
    const token = newToken();
    const now = clock.now();
    await db.transaction(async (tx) => {
      // One open request at a time: an earlier link stops working.
      await tx
        .update(emailChanges)
        .set({ usedAt: now })
        .where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.usedAt)));
      await tx.insert(emailChanges).values({
        userId: user.id,
        newEmail: email,
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + LINK_TTL_MS),
      });
      const link = `${this.deps.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
      await mailer.send(tx, user, { kind: 'email_confirm', newEmail: email, link }, email);
      // The present address hears of it at once: an intruder's request is then seen and cancelled
      // by a password change (which voids the link).
      await mailer.send(tx, user, { kind: 'email_change_requested', newEmail: email });
    });
    mailer.notify();
    return { status: 200 as const, message: 'Confirmation link sent to the new address' };
  }

  /** The link, once: the address changes, the old one is told, every session ends. */
  async confirm(token: string) {
    const { db, clock, sessions, mailer } = this.deps;
    const now = clock.now();
    const [change] = await db
      .select()
      .from(emailChanges)
      .where(
        and(eq(emailChanges.tokenHash, hashToken(token)), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now)),
      )
      .limit(1);
    if (!change) throw invalidLink();
    const user = await usersRepository.findById(db, change.userId);
    if (!user || user.deletedAt) throw invalidLink();
    const taken = await usersRepository.findByEmail(db, change.newEmail);
    if (taken) throw new AppError('EMAIL_TAKEN', 409, 'This email address cannot be used');
    await db.transaction(async (tx) => {
      const used = await tx
        .update(emailChanges)
        .set({ usedAt: now })
        .where(and(eq(emailChanges.id, change.id), isNull(emailChanges.usedAt)))
        .returning({ id: emailChanges.id });
      if (used.length === 0) throw invalidLink();
      // The unique index decides a race with a registration of the same address.
      const updated = await tx
        .update(users)
        .set({ email: change.newEmail, updatedAt: now })
        .where(eq(users.id, user.id))
        .returning({ id: users.id })
        .catch(() => null);
      if (!updated) throw new AppError('EMAIL_TAKEN', 409, 'This email address cannot be used');
      await sessions.revokeAllForUser(tx, user.id, 'email_changed');
      await mailer.send(tx, user, { kind: 'email_changed', newEmail: change.newEmail });
    });
    sessions.forgetUser(user.id);
    mailer.notify();
    return { status: 200 as const, message: 'Your email address has been changed. Please login again.' };
  }
}
