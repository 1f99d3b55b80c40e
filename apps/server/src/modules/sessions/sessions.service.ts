import { MESSAGES, SESSION_END_MESSAGES } from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Authenticator, Principal } from '../../plugins/access.ts';
import { sessionsRepository } from './sessions.repository.ts';

export interface SessionSettings {
  idleMs: number;
  absoluteMs: number;
  /** How long a verified session is answered from memory before asking the database again. */
  cacheMs: number;
  /** Sliding expiry writes `last_seen_at` at most this often per session. */
  touchEveryMs: number;
}

interface CacheEntry {
  principal: Principal;
  expiresAt: number;
  lastSeenStored: number;
  lastSeen: number;
  loadedAt: number;
  /** The cache generation it was loaded in: entries of an older one are read again. */
  generation: number;
}

const MAX_CACHED = 200_000;

/** What verify-token answers for a revoked session, by the reason stored with it. */
const REVOKE_MESSAGES: Record<string, string> = { ...SESSION_END_MESSAGES, logout: MESSAGES.sessionExpired };

/**
 * Opaque bearer sessions. verify-token runs every 15 s in every open tab, so a verified session is
 * answered from memory and the database is written at most once per `touchEveryMs` per session.
 * Revocations (logout, suspension, password change) are announced with NOTIFY at commit and every
 * instance drops its cache entries for that user (see `forgetUser`); `cacheMs` only bounds how long
 * a missed notification could go unnoticed. While notifications cannot arrive (the LISTEN
 * connection is down) the cache is not used: every verification reads the database, and a
 * database that is down answers 503, never a stale "yes".
 */
/** Where a session was opened from. */
export interface SessionMeta {
  ip?: string;
  userAgent?: string;
  geolocation?: unknown;
}

export class SessionService implements Authenticator {
  private readonly cache = new Map<string, CacheEntry>();
  /** False while revocations from other instances cannot be heard (see `notificationsLost`). */
  private listening = true;
  private generation = 0;
  /** Counts `forgetUser` calls: a load that overlapped one may hold what was just revoked. */
  private forgets = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly settings: SessionSettings,
  ) {}

  async create(tx: Db | Tx, userId: string, meta: SessionMeta): Promise<{ token: string; expiresAt: Date }> {
    const { insert, ...session } = this.prepare(tx, userId, meta);
    await insert;
    return session;
  }

  /**
   * A new session's token and expiry, and its insert not yet run: the caller runs it, possibly
   * with other writes in the same statement (db/write-together.ts).
   */
  prepare(db: Db | Tx, userId: string, meta: SessionMeta) {
    const token = newToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.settings.absoluteMs);
    const insert = sessionsRepository.insertQuery(db, {
      userId,
      tokenHash: hashToken(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300),
      geolocation: meta.geolocation ?? null,
    });
    return { token, expiresAt, insert };
  }

  /** The principal behind a bearer token, or a 401/403 AppError saying why not. */
  async authenticate(token: string): Promise<Principal> {
    const tokenHash = hashToken(token);
    const now = this.clock.now().getTime();
    let entry = this.cache.get(tokenHash);
    if (
      !entry ||
      !this.listening ||
      entry.generation !== this.generation ||
      now - entry.loadedAt > this.settings.cacheMs
    ) {
      entry = await this.load(tokenHash, now);
    }
    if (entry.principal.status === 'suspended') {
      this.cache.delete(tokenHash);
      throw new AppError('ACCOUNT_SUSPENDED', 403, MESSAGES.suspended);
    }
    const idleDeadline = entry.lastSeen + this.settings.idleMs;
    if (now >= entry.expiresAt || now >= idleDeadline) {
      this.cache.delete(tokenHash);
      throw new AppError('SESSION_EXPIRED', 401, MESSAGES.sessionExpired);
    }
    entry.lastSeen = now;
    if (now - entry.lastSeenStored >= this.settings.touchEveryMs) {
      entry.lastSeenStored = now;
      await sessionsRepository.touch(this.db, entry.principal.sessionId, new Date(now));
    }
    return entry.principal;
  }

  async revoke(principal: Principal, reason: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await sessionsRepository.revoke(tx, principal.sessionId, reason, this.clock.now());
      await sessionsRepository.notifyChanged(tx, principal.userId);
    });
    this.forgetUser(principal.userId);
  }

  /** The user's active sessions, the caller's own marked. */
  async listActive(principal: Principal) {
    const now = this.clock.now();
    // Idle past the limit signs in no more; `last_seen_at` is written only every touchEveryMs.
    const seenAfter = new Date(now.getTime() - this.settings.idleMs - this.settings.touchEveryMs);
    const rows = await sessionsRepository.listActive(this.db, principal.userId, now, seenAfter);
    return rows.map((r) => ({ ...r, current: r.id === principal.sessionId }));
  }

  /** Signs out one of the user's own sessions (from their list); false when there is none such. */
  async revokeOwn(principal: Principal, sessionId: string): Promise<boolean> {
    const done = await this.db.transaction(async (tx) => {
      const ok = await sessionsRepository.revokeOwn(tx, principal.userId, sessionId, 'revoked', this.clock.now());
      if (ok) await sessionsRepository.notifyChanged(tx, principal.userId);
      return ok;
    });
    if (done) this.forgetUser(principal.userId);
    return done;
  }

  /** Signs out every other session of the user; the caller's stays. */
  async revokeOthers(principal: Principal): Promise<void> {
    await this.db.transaction((tx) => this.revokeAllForUser(tx, principal.userId, 'revoked', principal.sessionId));
    this.forgetUser(principal.userId);
  }

  /** Ends every session of a user (password change, reset, suspension). */
  async revokeAllForUser(tx: Db | Tx, userId: string, reason: string, exceptSessionId?: string): Promise<void> {
    await sessionsRepository.revokeAllForUser(tx, userId, reason, this.clock.now(), exceptSessionId);
    await sessionsRepository.notifyChanged(tx, userId);
    this.forgetUser(userId);
  }

  /**
   * Tells every instance, at commit, that something its cached sessions hold about this user changed
   * (a reactivation), so they read it again. Call `forgetUser` after the commit for this one.
   */
  async notifyChanged(tx: Db | Tx, userId: string): Promise<void> {
    await sessionsRepository.notifyChanged(tx, userId);
  }

  /** Revocations may be missed from now on: every verification reads the database until restored. */
  notificationsLost(): void {
    this.listening = false;
    this.generation++;
  }

  /** Revocations are heard again; any sent meanwhile were missed, so everything cached is read again. */
  notificationsRestored(): void {
    this.listening = true;
    this.generation++;
  }

  /** Drops cached sessions of a user so the next request reads their current state. */
  forgetUser(userId: string): void {
    this.forgets++;
    for (const [hash, e] of this.cache) if (e.principal.userId === userId) this.cache.delete(hash);
  }

  private async load(tokenHash: string, now: number): Promise<CacheEntry> {
    const generation = this.generation;
    const forgets = this.forgets;
    const row = await sessionsRepository.findByTokenHash(this.db, tokenHash);
    if (!row) throw new AppError('UNAUTHORIZED', 401, MESSAGES.sessionExpired);
    if (row.status === 'suspended') throw new AppError('ACCOUNT_SUSPENDED', 403, MESSAGES.suspended);
    if (row.revokedAt) {
      this.cache.delete(tokenHash);
      const message = REVOKE_MESSAGES[row.revokedReason ?? ''] ?? MESSAGES.sessionExpired;
      throw new AppError('SESSION_EXPIRED', 401, message);
    }
    const stored = row.lastSeenAt.getTime();
    const previous = this.cache.get(tokenHash);
    const entry: CacheEntry = {
      principal: {
        sessionId: row.id,
        userId: row.userId,
        email: row.email,
        role: row.role,
        status: row.status,
        mfaEnabled: row.mfaEnabled,
      },
      expiresAt: row.expiresAt.getTime(),
      lastSeenStored: stored,
      lastSeen: Math.max(stored, previous?.lastSeen ?? 0),
      loadedAt: now,
      // Read before a revocation was heard or the cache was emptied: used once, then read again.
      generation: forgets === this.forgets ? generation : -1,
    };
    if (this.cache.size >= MAX_CACHED) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(tokenHash, entry);
    return entry;
  }
}
