import { randomBytes } from 'node:crypto';
import type { ConnectorListParams } from '@app/contracts/trading';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { Principal } from '../../plugins/access.ts';
import { recordAudit } from '../audit/index.ts';
import { toConnectorDto } from './connectors.dto.ts';
import { connectorsRepository, type ConnectorRow } from './connectors.repository.ts';

export const CONNECTOR_KEY_PREFIX = 'fpc_';

interface CachedKey {
  connector: ConnectorRow;
  until: number;
}

const CACHE_MS = 5_000;
const TOUCH_EVERY_MS = 60_000;

/**
 * Connector API keys: 256 random bits, shown once, stored as SHA-256. A rotation keeps the previous
 * key's hash valid for a grace. Authentication answers from a short cache. A revocation or rotation
 * drops it on every server at once (NOTIFY); while a server cannot hear that (its LISTEN connection
 * lost), it reads the database on every request.
 */
export class ConnectorsService {
  private readonly cache = new Map<string, CachedKey>();
  private readonly touched = new Map<string, number>();
  /** Whether changes made on other servers are heard (see `lost` and `restored`). */
  private listening = true;
  /**
   * Counts what made cached keys stale (a change, a lost or restored listener): a key read while
   * one happened may be from before it and is answered, not cached.
   */
  private staleMarks = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: { keyGraceMinutes: number },
  ) {}

  async create(actor: Principal | null, name: string) {
    const { key, keyHash, keyPrefix } = newKey();
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const row = await connectorsRepository.insert(tx, {
        name,
        keyHash,
        keyPrefix,
        createdBy: actor?.userId ?? null,
        createdAt: now,
      });
      const dto = toConnectorDto(row);
      await recordAudit(tx, {
        actorId: actor?.userId ?? null,
        action: 'connector.create',
        targetType: 'connector',
        targetId: row.id,
        after: dto,
        at: now,
      });
      return { ...dto, key };
    });
  }

  async list(query: ConnectorListParams) {
    const { rows, total } = await connectorsRepository.listPage(this.db, query);
    return { items: rows.map(toConnectorDto), total, page: query.page, pageSize: query.pageSize };
  }

  async revoke(actor: Principal, id: string) {
    const now = this.clock.now();
    const result = await this.db.transaction(async (tx) => {
      const before = await connectorsRepository.findById(tx, id);
      if (!before) throw notFound('connector');
      if (!before.revokedAt) {
        await connectorsRepository.revoke(tx, id, now);
        await connectorsRepository.announceChange(tx, id);
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'connector.revoke',
          targetType: 'connector',
          targetId: id,
          before: toConnectorDto(before),
          after: { ...toConnectorDto(before), revokedAt: now.toISOString() },
          at: now,
        });
      }
      return toConnectorDto((await connectorsRepository.findById(tx, id))!);
    });
    this.forget(id);
    return result;
  }

  /**
   * A new key for the same connector (same id, so re-sent events stay duplicates); the old key
   * keeps working for `graceMinutes` (default: CONNECTOR_KEY_GRACE_MINUTES), then stops. A second
   * rotation within the grace replaces the old key: only one is ever valid besides the current.
   */
  async rotate(actor: Principal, id: string, graceMinutes = this.options.keyGraceMinutes) {
    const { key, keyHash, keyPrefix } = newKey();
    const now = this.clock.now();
    const result = await this.db.transaction(async (tx) => {
      // Locked: a concurrent rotation or revocation waits, so the audit's "before" is the truth.
      const before = await connectorsRepository.lockById(tx, id);
      if (!before) throw notFound('connector');
      if (before.revokedAt) throw new AppError('CONFLICT', 409, 'The connector is revoked; its key cannot be rotated');
      const row = (await connectorsRepository.rotateKey(tx, id, {
        keyHash,
        keyPrefix,
        previousKeyExpiresAt: new Date(now.getTime() + graceMinutes * 60_000),
        rotatedAt: now,
      }))!;
      await connectorsRepository.announceChange(tx, id);
      const dto = toConnectorDto(row);
      // The DTOs hold the key prefix and times only: never a key or a hash.
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'connector.rotate',
        targetType: 'connector',
        targetId: id,
        before: toConnectorDto(before),
        after: dto,
        at: now,
      });
      return { ...dto, key };
    });
    // Cached entries carry the old row (no grace end yet): the next request reads the new one.
    this.forget(id);
    return result;
  }

  /** The grace a rotation gives when none is asked for. */
  keyRotation() {
    return { graceMinutes: this.options.keyGraceMinutes };
  }

  /** The connector for a Bearer key; 401 for a missing, unknown, expired or revoked key. */
  async authenticate(key: string | null): Promise<ConnectorRow> {
    if (!key) throw new AppError('UNAUTHORIZED', 401, 'A connector API key is required (Authorization: Bearer <key>)');
    const hash = hashToken(key);
    const now = this.clock.now().getTime();
    const cached = this.cache.get(hash);
    let connector = cached && cached.until > now && this.listening ? cached.connector : undefined;
    if (!connector) {
      const marks = this.staleMarks;
      connector = await connectorsRepository.findActiveByHash(this.db, hash, new Date(now));
      if (!connector) {
        this.cache.delete(hash);
        throw new AppError('UNAUTHORIZED', 401, 'The connector API key is not valid or has been revoked');
      }
      // An old key is cached no longer than its grace, so it stops on time.
      const graceEnd = connector.keyHash === hash ? Infinity : connector.previousKeyExpiresAt!.getTime();
      if (this.cache.size > 1000) this.cache.clear();
      if (marks === this.staleMarks && this.listening) {
        this.cache.set(hash, { connector, until: Math.min(now + CACHE_MS, graceEnd) });
      }
    }
    const last = this.touched.get(connector.id) ?? 0;
    if (now - last > TOUCH_EVERY_MS) {
      this.touched.set(connector.id, now);
      await connectorsRepository.touch(this.db, connector.id, new Date(now));
    }
    return connector;
  }

  /** Drops this server's cached keys of a connector: its own change, or one another server announced. */
  forget(id: string): void {
    this.staleMarks++;
    for (const [hash, entry] of this.cache) if (entry.connector.id === id) this.cache.delete(hash);
  }

  /** Changes on other servers may go unheard until `restored`: every key is read from the database. */
  lost(): void {
    this.staleMarks++;
    this.listening = false;
    this.cache.clear();
  }

  restored(): void {
    this.staleMarks++;
    this.cache.clear();
    this.listening = true;
  }
}

/** 256 random bits behind a recognisable prefix; the prefix plus 6 characters is shown in lists. */
function newKey() {
  const key = CONNECTOR_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { key, keyHash: hashToken(key), keyPrefix: key.slice(0, CONNECTOR_KEY_PREFIX.length + 6) };
}
