import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { accountsRepository } from './accounts.repository.ts';
import { enforceTimeLimit } from './evaluation.ts';

const BATCH = 200;

/**
 * Fails open accounts past their time-limit deadline; returns how many. Runs as a job (index.ts),
 * once per tick across the cluster; safe to run again, since failed accounts are no longer due.
 */
export async function runTimeLimitSweep(database: Database, clock: Clock): Promise<number> {
  let failed = 0;
  for (;;) {
    const now = clock.now();
    const due = await accountsRepository.dueForTimeLimit(database.db, now, BATCH);
    let changed = 0;
    for (const id of due) if (await enforceTimeLimit(database.db, id, now)) changed++;
    failed += changed;
    if (due.length < BATCH || changed === 0) return failed;
  }
}
