import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import { usersRepository } from '../users/users.repository.ts';
import { DEMO_USERS } from './demo-users.ts';

/** Fills an empty database with the demo logins. Does nothing once any user exists. */
export async function seedDemoData(deps: { db: Db; passwords: PasswordHasher; clock: Clock; log: FastifyBaseLogger }) {
  if ((await usersRepository.count(deps.db)) > 0) return false;
  for (const u of DEMO_USERS) {
    const now = deps.clock.now();
    await usersRepository.insertIfNew(deps.db, {
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      role: u.role,
      passwordHash: await deps.passwords.hash(u.password),
      createdAt: now,
      updatedAt: now,
    });
  }
  deps.log.info({ users: DEMO_USERS.map((u) => u.email) }, 'demo data seeded');
  return true;
}
