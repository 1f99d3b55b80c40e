import type { Db, Tx } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { Principal } from '../../plugins/access.ts';
import { toPublicUser } from './users.dto.ts';
import { usersRepository, type NewUser, type UserRow } from './users.repository.ts';

/** User records: the profile read, and the lookups and writes other modules make on users. */
export class UsersService {
  constructor(private readonly db: Db) {}

  /** A member reads only themselves; staff read anyone. */
  async getByEmail(principal: Principal, email: string) {
    const wanted = email.trim().toLowerCase();
    if (principal.role === 'USER' && wanted !== principal.email) throw forbidden();
    const user = await usersRepository.findByEmail(this.db, wanted);
    if (!user || user.deletedAt) throw notFound('user');
    return toPublicUser(user);
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
