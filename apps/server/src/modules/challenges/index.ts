// Challenges: the catalogue members buy from and staff edit; each account copies its rules.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { registerChallengeRoutes } from './challenges.routes.ts';
import { ChallengesService } from './challenges.service.ts';

export { ChallengesService, type ChallengeProgram } from './challenges.service.ts';

export function register(
  app: FastifyInstance,
  deps: { database: Database; clock: Clock },
): { challenges: ChallengesService } {
  const challenges = new ChallengesService(deps.database.db, deps.clock);
  registerChallengeRoutes(app, { challenges });
  return { challenges };
}
