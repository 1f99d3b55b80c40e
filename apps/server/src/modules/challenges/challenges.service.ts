import {
  createChallengeRequestSchema,
  payableIn,
  WHOLE_UNITS_MESSAGE,
  type Challenge,
  type CreateChallengeRequest,
  type PhaseRulesDto,
  type StaffChallenge,
  type UpdateChallengeRequest,
  type updateChallengeRequestSchema,
} from '@app/contracts';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import type { PhaseRules } from '../../engine/index.ts';
import { fieldError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Principal } from '../../plugins/access.ts';
import { recordAudit } from '../audit/index.ts';
import { challengeCatalogue } from './challenge-catalogue.ts';
import { phaseToRules, toChallengeDto } from './challenges.dto.ts';
import { challengesRepository, type NewPhase } from './challenges.repository.ts';

type CreateInput = z.output<typeof createChallengeRequestSchema>;
type UpdateInput = z.output<typeof updateChallengeRequestSchema>;

/** A challenge as a new trading account copies it: its terms and its phases' rules. */
export interface ChallengeProgram {
  id: string;
  name: string;
  status: Challenge['status'];
  platform: string;
  currency: string;
  accountSizeCents: number;
  priceCents: number;
  program: PhaseRules[];
}

const slugTaken = () => fieldError('CONFLICT', 409, 'slug', 'A challenge with this slug already exists');

export class ChallengesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The public catalogue: active challenges only. */
  async catalogue(): Promise<Challenge[]> {
    return (await challengesRepository.list(this.db, 'active')).map(toChallengeDto);
  }

  /**
   * The staff list: every challenge with how many trading accounts use it, and whether anything
   * (an account or an order) does, which is what makes `remove` archive rather than delete.
   */
  async list(status?: 'active' | 'archived'): Promise<StaffChallenge[]> {
    const rows = await challengesRepository.list(this.db, status);
    const ids = rows.map((r) => r.id);
    const [counts, ordered] = await Promise.all([
      challengesRepository.accountCounts(this.db, ids),
      challengesRepository.withOrders(this.db, ids),
    ]);
    return rows.map((r) => {
      const accountsCount = counts.get(r.id) ?? 0;
      return { ...toChallengeDto(r), accountsCount, inUse: accountsCount > 0 || ordered.has(r.id) };
    });
  }

  async get(id: string): Promise<Challenge> {
    const c = await challengesRepository.findById(this.db, id);
    if (!c) throw notFound('challenge');
    return toChallengeDto(c);
  }

  async create(actor: Principal | null, input: CreateInput): Promise<Challenge> {
    try {
      return await this.db.transaction(async (tx) => {
        const id = await this.insert(tx, input);
        const created = toChallengeDto((await challengesRepository.findById(tx, id))!);
        await recordAudit(tx, {
          actorId: actor?.userId ?? null,
          action: 'challenge.create',
          targetType: 'challenge',
          targetId: id,
          after: created,
          at: this.clock.now(),
        });
        return created;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw slugTaken();
      throw err;
    }
  }

  /** Rules edits apply to accounts created from now on; running accounts keep their copy. */
  async update(actor: Principal, id: string, patch: UpdateInput): Promise<Challenge> {
    try {
      return await this.db.transaction(async (tx) => {
        const current = await challengesRepository.findById(tx, id, { forUpdate: true });
        if (!current) throw notFound('challenge');
        const before = toChallengeDto(current);
        // The price as it will be, in the currency it will be in (either may change alone).
        if (!payableIn(patch.priceCents ?? current.priceCents, patch.currency ?? current.currency))
          throw fieldError('VALIDATION_ERROR', 400, 'priceCents', WHOLE_UNITS_MESSAGE);
        const { phases, ...fields } = patch;
        await challengesRepository.update(tx, id, { ...fields, updatedAt: this.clock.now() });
        if (phases) await challengesRepository.replacePhases(tx, id, phases.map(toNewPhase));
        const after = toChallengeDto((await challengesRepository.findById(tx, id))!);
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'challenge.update',
          targetType: 'challenge',
          targetId: id,
          before,
          after,
          at: this.clock.now(),
        });
        return after;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw slugTaken();
      throw err;
    }
  }

  /**
   * A challenge that has trading accounts or orders is archived (kept for their history);
   * an unused one is deleted.
   */
  async remove(actor: Principal, id: string): Promise<{ id: string; outcome: 'deleted' | 'archived' }> {
    return this.db.transaction(async (tx) => {
      const current = await challengesRepository.findById(tx, id, { forUpdate: true });
      if (!current) throw notFound('challenge');
      const before = toChallengeDto(current);
      const used =
        (await challengesRepository.accountCount(tx, id)) > 0 || (await challengesRepository.hasOrders(tx, id));
      const now = this.clock.now();
      if (used) {
        await challengesRepository.update(tx, id, { status: 'archived', updatedAt: now });
      } else {
        await challengesRepository.delete(tx, id);
      }
      const outcome = used ? 'archived' : 'deleted';
      await recordAudit(tx, {
        actorId: actor.userId,
        action: `challenge.${outcome === 'archived' ? 'archive' : 'delete'}`,
        targetType: 'challenge',
        targetId: id,
        before,
        after: used ? { ...before, status: 'archived' } : null,
        at: now,
      });
      return { id, outcome };
    });
  }

  /**
   * What a new trading account copies from a challenge, read in the caller's transaction; undefined
   * when there is no such challenge.
   */
  async programOf(tx: Db | Tx, id: string): Promise<ChallengeProgram | undefined> {
    const c = await challengesRepository.findById(tx, id);
    if (!c) return undefined;
    return {
      id: c.id,
      name: c.name,
      status: c.status,
      platform: c.platform,
      currency: c.currency,
      accountSizeCents: c.accountSizeCents,
      priceCents: c.priceCents,
      program: c.phases.map(phaseToRules),
    };
  }

  /** Seeds DOMAIN.md's catalogue when there is no challenge at all. Returns how many were added. */
  async seedCatalogue(): Promise<number> {
    if ((await challengesRepository.count(this.db)) > 0) return 0;
    let n = 0;
    for (const c of challengeCatalogue()) {
      const parsed = createChallengeRequestSchema.parse(c);
      await this.db.transaction(async (tx) => {
        if (await challengesRepository.findBySlug(tx, parsed.slug)) return;
        await this.insert(tx, parsed);
        n++;
      });
    }
    return n;
  }

  private async insert(tx: Tx, input: CreateInput): Promise<string> {
    const now = this.clock.now();
    const { phases, ...fields } = input;
    return challengesRepository.insert(tx, { ...fields, createdAt: now, updatedAt: now }, phases.map(toNewPhase));
  }
}

function toNewPhase(p: PhaseRulesDto): NewPhase {
  const { restrictedNews, ...rules } = phaseToRules(p);
  return {
    ...rules,
    restrictedNewsMinutesBefore: restrictedNews?.minutesBefore ?? null,
    restrictedNewsMinutesAfter: restrictedNews?.minutesAfter ?? null,
  };
}

export type { CreateChallengeRequest, UpdateChallengeRequest };
