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
   * A member reads only themselves; staff read anyone. One's own record also carries the
   * preferences the app applies at sign-in and whether two-factor enrolment must come first.
   */
  async getByEmail(principal: Principal, email: string) {
    const wanted = email.trim().toLowerCase();
    if (principal.role === 'USER' && wanted !== principal.email) throw forbidden();
    const user = await usersRepository.findByEmail(this.db, wanted);
    if (!user || user.deletedAt) throw notFound('user');
    if (user.id !== principal.userId) return toPublicUser(user);
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
