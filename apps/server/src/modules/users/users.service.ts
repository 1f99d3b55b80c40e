import type { Db, Tx } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { Principal } from '../../plugins/access.ts';
import { storedPreferences } from './profile.service.ts';
import { toPublicUser } from './users.dto.ts';
import { usersRepository, type NewUser, type UserRow } from './users.repository.ts';

/** User records: the profile read, and the lookups and writes other modules make on users. */
export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly staffMfaRequired = false,
  ) {}

  /**
   * Everyone reads only themselves: staff read others through the admin users API, behind its
   * two-factor gate (this route is open to a staff session that has not enrolled yet, and would
   * otherwise tell it who has an account). The record carries the preferences the app applies at
   * sign-in and whether two-factor enrolment must come first.
   */
  async getByEmail(principal: Principal, email: string) {
    if (email.trim().toLowerCase() !== principal.email) throw forbidden();
    const user = await usersRepository.findById(this.db, principal.userId);
    if (!user || user.deletedAt) throw notFound('user');
    const { language, theme, timeZone } = storedPreferences(user.preferences);
    return {
      ...toPublicUser(user),
      preferences: { language, theme, timeZone },
      mfaEnrolmentRequired: this.staffMfaRequired && user.role !== 'USER' && !user.mfaEnabledAt,
    };
  }

  /** By email, any case; deleted and suspended users included (callers decide). */
  findByEmail(email: string): Promise<UserRow | undefined> {
    return usersRepository.findByEmail(this.db, email);
  }

  findById(id: string): Promise<UserRow | undefined> {
    return usersRepository.findById(this.db, id);
  }

  /** Inserts unless the email exists; undefined on a duplicate (the unique index decides a race). */
  create(user: NewUser): Promise<UserRow | undefined> {
    return usersRepository.insertIfNew(this.db, user);
  }

  /** Sets a new password hash inside the caller's transaction (which also ends sessions). */
  setPassword(tx: Db | Tx, id: string, passwordHash: string, at: Date): Promise<void> {
    return usersRepository.setPassword(tx, id, passwordHash, at);
  }

  count(): Promise<number> {
    return usersRepository.count(this.db);
  }
}
