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
 * Connector API keys: 256 random bits, shown once, stored as SHA-256. Authentication answers from a
 * short cache (a revocation on this server drops it at once; other servers see it within 5 s).
 */
export class ConnectorsService {
  private readonly cache = new Map<string, CachedKey>();
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async create(actor: Principal | null, name: string) {
    const key = CONNECTOR_KEY_PREFIX + randomBytes(32).toString('base64url');
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const row = await connectorsRepository.insert(tx, {
        name,
        keyHash: hashToken(key),
        keyPrefix: key.slice(0, CONNECTOR_KEY_PREFIX.length + 6),
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
    for (const [hash, entry] of this.cache) if (entry.connector.id === id) this.cache.delete(hash);
    return result;
  }

  /** The connector for a Bearer key; 401 for a missing, unknown or revoked key. */
  async authenticate(key: string | null): Promise<ConnectorRow> {
    if (!key) throw new AppError('UNAUTHORIZED', 401, 'A connector API key is required (Authorization: Bearer <key>)');
    const hash = hashToken(key);
    const now = this.clock.now().getTime();
    const cached = this.cache.get(hash);
    let connector = cached && cached.until > now ? cached.connector : undefined;
    if (!connector) {
      connector = await connectorsRepository.findActiveByHash(this.db, hash);
      if (!connector) {
        this.cache.delete(hash);
        throw new AppError('UNAUTHORIZED', 401, 'The connector API key is not valid or has been revoked');
      }
      if (this.cache.size > 1000) this.cache.clear();
      this.cache.set(hash, { connector, until: now + CACHE_MS });
    }
    const last = this.touched.get(connector.id) ?? 0;
    if (now - last > TOUCH_EVERY_MS) {
      this.touched.set(connector.id, now);
      await connectorsRepository.touch(this.db, connector.id, new Date(now));
    }
    return connector;
  }
}
