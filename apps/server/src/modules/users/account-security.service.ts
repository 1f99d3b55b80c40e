import type { Db } from '../../db/client.ts';
import { wrongCurrentPassword } from '../../lib/app-error.ts';
import { refuseBreachedPassword } from '../../lib/breached-passwords.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { Principal } from '../../plugins/access.ts';
import type { SessionService } from '../sessions/index.ts';
import type { CurrentPasswordGate } from './current-password-gate.ts';
import type { SecurityMailer } from './security-mailer.ts';
import { usersRepository } from './users.repository.ts';

/** A password change: it ends the user's other sessions at once. */
export class AccountSecurityService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      passwords: PasswordHasher;
      sessions: SessionService;
      mailer?: SecurityMailer;
      gate: CurrentPasswordGate;
    },
  ) {}

  /** Ends every other session of the user; the one that made the change stays signed in. */
  async changePassword(principal: Principal, currentPassword: string, newPassword: string) {
    const { db, clock, passwords, sessions } = this.deps;
    // Before any hashing: a breached choice costs no argon2.
    await refuseBreachedPassword(newPassword);
    const user = await usersRepository.findById(db, principal.userId);
    const right = (hash: string) =>
      this.deps.gate.check(principal.userId, () => passwords.verify(hash, currentPassword));
    if (!user || !(await right(user.passwordHash))) {
      throw wrongCurrentPassword();
    }
    const hash = await passwords.hash(newPassword);
    await db.transaction(async (tx) => {
      await usersRepository.setPassword(tx, user.id, hash, clock.now());
      await sessions.revokeAllForUser(tx, user.id, 'password_changed', principal.sessionId);
      await this.deps.mailer?.send(tx, user, { kind: 'password_changed' });
    });
    this.deps.mailer?.notify();
    return { status: 200 as const, message: 'Password changed' };
  }
}
