// Accounts: members' trading accounts, staff provisioning and closing, the time-limit job.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CertificatesService } from '../certificates/index.ts';
import type { ChallengesService } from '../challenges/index.ts';
import type { UsersService } from '../users/index.ts';
import { registerAccountRoutes } from './accounts.routes.ts';
import { AccountsService } from './accounts.service.ts';
import { runTimeLimitSweep } from './time-limit.job.ts';

export { AccountsService } from './accounts.service.ts';
// What the ingestion path needs to evaluate locked account rows in its own transaction.
export { breachOf, rulesOf, stateOf, type AccountRow } from './account-row.ts';
export { patchFromState } from './evaluation.ts';
export { runTimeLimitSweep } from './time-limit.job.ts';

/** The routes, and the time-limit sweep: a job every minute, once across the cluster. */
export function register(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    clock: Clock;
    jobs: Jobs;
    users: UsersService;
    challenges: ChallengesService;
    certificates: CertificatesService;
  },
): { accounts: AccountsService } {
  const { database, clock, jobs } = deps;
  const accounts = new AccountsService({
    db: database.db,
    clock,
    tz: deps.config.TRADING_DAY_TZ,
    users: deps.users,
    challenges: deps.challenges,
    certificates: deps.certificates,
  });
  registerAccountRoutes(app, { accounts });

  jobs.work(
    'accounts.time-limit-sweep',
    async () => {
      const failed = await runTimeLimitSweep(database, clock);
      if (failed > 0) app.log.info({ failed }, 'time-limit sweep failed accounts past their deadline');
    },
    { policy: 'stately', retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 600 },
  );
  jobs.schedule('accounts.time-limit-sweep', '* * * * *');
  return { accounts };
}
