import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountRow } from './account-row.ts';
import { accountsRepository } from './accounts.repository.ts';
import { settleAccount } from './evaluation.ts';

const BATCH = 200;

/**
 * The clock's verdicts for every active account that has one due: the trading-day roll with its
 * midnight check, and the time limit, each taken `graceMs` after its instant so late events stamped
 * before it still count. Returns how many accounts changed. Runs as a job (index.ts), once per tick
 * across the cluster; safe to run again, since a settled account is no longer due. Each change is
 * published to live streams (`live`) after its commit.
 */
export async function runClockSweep(
  database: Database,
  clock: Clock,
  graceMs: number,
  live?: { publish(rows: AccountRow[]): void },
): Promise<number> {
  let settled = 0;
  for (;;) {
    const now = clock.now();
    const due = await accountsRepository.dueForSettle(database.db, new Date(now.getTime() - graceMs), BATCH);
    let changed = 0;
    for (const id of due) if (await settleAccount(database.db, id, now, graceMs, live)) changed++;
    settled += changed;
    if (due.length < BATCH || changed === 0) return settled;
  }
}
