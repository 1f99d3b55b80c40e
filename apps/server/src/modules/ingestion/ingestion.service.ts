import type { IngestEvent, IngestResponse } from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { isRetryable } from '../../db/pg-errors.ts';
import {
  applyEvents,
  checkTimeLimit,
  needsReplay,
  replay,
  tradingDayKey,
  type EngineEvent,
} from '../../engine/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  breachOf,
  patchFromState,
  rulesOf,
  stateOf,
  type AccountRow,
  type AccountsService,
} from '../accounts/index.ts';
import { toAnswerBreach, toEngineEvent } from './ingestion.dto.ts';
import { ingestionRepository, type StoredEvent } from './ingestion.repository.ts';

const MAX_ATTEMPTS = 4;

/**
 * The ingestion path: store a batch and evaluate it in one transaction. Accounts are locked
 * (SELECT … FOR UPDATE, by id) before anything is written, so concurrent batches for one account
 * run one after the other; event ids are claimed through a primary key, so a duplicate is never
 * stored twice and is counted instead.
 */
export class IngestionService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly accounts: AccountsService,
  ) {}

  async ingest(connectorId: string, events: IngestEvent[]): Promise<IngestResponse> {
    // Inside one batch, a repeated id is a duplicate too (the first one counts).
    const seen = new Set<string>();
    const unique: Array<{ index: number; event: IngestEvent }> = [];
    events.forEach((event, index) => {
      if (seen.has(event.id)) return;
      seen.add(event.id);
      unique.push({ index, event });
    });
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction((tx) => this.run(tx, connectorId, events.length, unique));
      } catch (err) {
        if (attempt < MAX_ATTEMPTS && isRetryable(err)) continue;
        throw err;
      }
    }
  }

  private async run(
    tx: Tx,
    connectorId: string,
    total: number,
    unique: Array<{ index: number; event: IngestEvent }>,
  ): Promise<IngestResponse> {
    const now = this.clock.now();
    const logins = [...new Set(unique.map((u) => u.event.account))];
    const locked = await ingestionRepository.lockAccounts(tx, logins);
    const byLogin = new Map(locked.map((a) => [a.login, a]));
    const unknown = unique.find((u) => !byLogin.has(u.event.account));
    if (unknown) {
      throw new AppError(
        'VALIDATION_ERROR',
        400,
        `events.${unknown.index}.account: unknown account login "${unknown.event.account}"`,
      );
    }

    const candidates: StoredEvent[] = unique.map(({ event }) => ({
      accountId: byLogin.get(event.account)!.id,
      event: toEngineEvent(event),
    }));
    const fresh = await ingestionRepository.storeEvents(tx, connectorId, candidates);
    const perAccount = new Map<string, EngineEvent[]>();
    let accepted = 0;
    for (const { accountId, event } of candidates) {
      if (!fresh.has(event.id)) continue;
      accepted++;
      const list = perAccount.get(accountId);
      if (list) list.push(event);
      else perAccount.set(accountId, [event]);
    }

    const updated: AccountRow[] = [];
    const daily: Parameters<typeof ingestionRepository.saveDaily>[1] = [];
    const passed: AccountRow[] = [];
    const final = new Map<string, AccountRow>();
    for (const row of locked) {
      const events = perAccount.get(row.id);
      if (!events) {
        final.set(row.id, row);
        continue;
      }
      const rules = rulesOf(row);
      const tz = row.tradingDayTz;
      const state = stateOf(row);
      const late = needsReplay(state, events);
      let result = late
        ? replay(rules, row.initialBalanceCents, await ingestionRepository.history(tx, row.id), tz)
        : applyEvents(state, rules, events, tz);
      result = checkTimeLimit(result.state, rules, now.getTime(), tz);
      const { patch, passed: justPassed } = patchFromState(row, result.state, now);
      const next = { ...row, ...patch } as AccountRow;
      updated.push(next);
      final.set(row.id, next);
      if (justPassed) passed.push(next);
      // Days touched: from the earlier of the previous current day and the first new event's day.
      const firstDay = tradingDayKey(Math.min(...events.map((e) => e.time)), tz);
      const fromDay = state.dayKey !== null && state.dayKey < firstDay ? state.dayKey : firstDay;
      daily.push({ accountId: row.id, state: result.state, fromDay, rewrite: late });
    }
    await ingestionRepository.updateAccounts(tx, updated);
    await ingestionRepository.saveDaily(tx, daily);
    for (const a of passed) await this.accounts.onPhasePassed(tx, a, now);

    return {
      accepted,
      duplicates: total - accepted,
      accounts: locked.map((r) => {
        const a = final.get(r.id)!;
        return {
          account: a.login,
          status: a.status,
          breach: toAnswerBreach(breachOf(a)),
          passed: a.status === 'passed',
        };
      }),
    };
  }
}
