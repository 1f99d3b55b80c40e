// Accounts: members' trading accounts, staff provisioning and closing, verdict reviews, the clock job.
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
import { runClockSweep } from './clock-sweep.job.ts';
import { registerVerdictReviewRoutes } from './verdict-reviews.routes.ts';
import { VerdictReviewsService } from './verdict-reviews.service.ts';

export { AccountsService } from './accounts.service.ts';
export { VerdictReviewsService } from './verdict-reviews.service.ts';
// What the ingestion path needs to evaluate locked account rows in its own transaction.
export { breachOf, rulesOf, stateOf, type AccountRow } from './account-row.ts';
export { evaluate, recordEvaluation, type Evaluation } from './evaluation.ts';
export { runClockSweep } from './clock-sweep.job.ts';

/** The routes, and the clock sweep (day rolls, time limits): a job every minute, once across the cluster. */
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
): { accounts: AccountsService; verdictReviews: VerdictReviewsService } {
  const { database, clock, jobs } = deps;
  const graceMs = deps.config.VERDICT_GRACE_MINUTES * 60_000;
  const accounts = new AccountsService({
    db: database.db,
    clock,
    graceMs,
    tz: deps.config.TRADING_DAY_TZ,
    users: deps.users,
    challenges: deps.challenges,
    certificates: deps.certificates,
  });
  const verdictReviews = new VerdictReviewsService({
    db: database.db,
    clock,
    graceMs,
    onPhasePassed: (tx, account, at) => accounts.onPhasePassed(tx, account, at),
  });
  registerAccountRoutes(app, { accounts });
  registerVerdictReviewRoutes(app, { reviews: verdictReviews });

  jobs.work(
    'accounts.clock-sweep',
    async () => {
      const settled = await runClockSweep(database, clock, graceMs);
      if (settled > 0) app.log.info({ settled }, 'clock sweep rolled trading days and took time limits');
    },
    { policy: 'stately', retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 600 },
  );
  jobs.schedule('accounts.clock-sweep', '* * * * *');
  return { accounts, verdictReviews };
}
