// Users: profiles, password change and suspension; the user lookups other modules make.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { SessionService } from '../sessions/index.ts';
import { registerAccountSecurityRoutes } from './account-security.routes.ts';
import { AccountSecurityService } from './account-security.service.ts';
import { registerUserRoutes } from './users.routes.ts';
import { UsersService } from './users.service.ts';

export { UsersService } from './users.service.ts';
export type { NewUser, UserRow } from './users.repository.ts';

export function register(
  app: FastifyInstance,
  deps: { database: Database; clock: Clock; passwords: PasswordHasher; sessions: SessionService },
): { users: UsersService } {
  const db = deps.database.db;
  const users = new UsersService(db);
  const security = new AccountSecurityService({
    db,
    clock: deps.clock,
    passwords: deps.passwords,
    sessions: deps.sessions,
  });
  registerUserRoutes(app, { users });
  registerAccountSecurityRoutes(app, { security });
  return { users };
}
