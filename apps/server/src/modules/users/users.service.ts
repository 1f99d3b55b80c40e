import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { Principal } from '../auth/session.service.ts';
import { toPublicUser, usersRepository } from './users.repository.ts';

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
}
