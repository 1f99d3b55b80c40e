// Users: profiles, password change and suspension; the staff users screen (list, export, bulk
// status, create, edit, anonymise); the user lookups other modules make.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { OutboxService } from '../mail/index.ts';
import type { SessionService } from '../sessions/index.ts';
import { registerAccountSecurityRoutes } from './account-security.routes.ts';
import { AccountSecurityService } from './account-security.service.ts';
import { CurrentPasswordGate } from './current-password-gate.ts';
import { EmailChangeService } from './email-change.service.ts';
import { registerProfileRoutes } from './profile.routes.ts';
import { SecurityMailer } from './security-mailer.ts';
import { ProfileService } from './profile.service.ts';
import { registerUsersAdminRoutes } from './users-admin.routes.ts';
import { UserMailsService } from './user-mails.service.ts';
import { UsersAdminService } from './users-admin.service.ts';
import { registerUserRoutes } from './users.routes.ts';
import { UsersService } from './users.service.ts';

export { UsersService } from './users.service.ts';
export { SecurityMailer } from './security-mailer.ts';
export type { CurrentPasswordGate } from './current-password-gate.ts';
export type { NewUser, UserRow } from './users.repository.ts';

export function register(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    clock: Clock;
    passwords: PasswordHasher;
    sessions: SessionService;
    outbox: OutboxService;
  },
): {
  users: UsersService;
  securityMailer: SecurityMailer;
  usersAdmin: UsersAdminService;
  currentPassword: CurrentPasswordGate;
} {
  const db = deps.database.db;
  const staffMfaRequired = deps.config.staffMfaRequired;
  const currentPassword = new CurrentPasswordGate();
  const users = new UsersService(db, staffMfaRequired);
  const securityMailer = new SecurityMailer(deps.outbox);
  const emailChange = new EmailChangeService({
    db,
    clock: deps.clock,
    passwords: deps.passwords,
    sessions: deps.sessions,
    mailer: securityMailer,
    publicUrl: deps.config.publicUrl,
    gate: currentPassword,
  });
  const profile = new ProfileService({ db, clock: deps.clock, sessions: deps.sessions, staffMfaRequired });
  const security = new AccountSecurityService({
    db,
    clock: deps.clock,
    passwords: deps.passwords,
    sessions: deps.sessions,
    mailer: securityMailer,
    gate: currentPassword,
  });
  registerUserRoutes(app, { users });
  registerAccountSecurityRoutes(app, { security });
  registerProfileRoutes(app, { profile, emailChange });
  const usersAdmin = new UsersAdminService({
    db,
    clock: deps.clock,
    sessions: deps.sessions,
    outbox: deps.outbox,
    mailer: securityMailer,
    publicUrl: deps.config.publicUrl,
  });
  const userMails = new UserMailsService({ db, clock: deps.clock, outbox: deps.outbox });
  registerUsersAdminRoutes(app, { usersAdmin, userMails });
  return { users, securityMailer, usersAdmin, currentPassword };
}
