import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import {
  ACCOUNT_STREAM_EVENT,
  ACCOUNT_STREAM_HEARTBEAT_SECONDS,
  ACCOUNT_STREAM_RESYNC_EVENT,
  MAX_ACCOUNT_STREAMS_PER_MEMBER,
  type AccountStreamMessage,
} from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Database } from '../../db/client.ts';
import { listen } from '../../db/listen.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Principal } from '../../plugins/access.ts';
import { breachOf, type AccountRow } from './account-row.ts';
import { toBreachDto } from './accounts.dto.ts';

/** NOTIFY channel: accounts that changed (payload: a JSON array of `Change`s). */
export const ACCOUNT_CHANGES_CHANNEL = 'account_changes';
/** The sessions module's channel (decision 001): a user's sessions changed (payload: the user id). */
const SESSION_EVENTS_CHANNEL = 'session_events';
/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7_900;
/** A stream whose client does not read this much is ended (it reconnects and refetches). */
const MAX_BUFFERED_BYTES = 256 * 1024;
/** Each stream's session is verified again at least this often (expiry; a missed notification). */
const REVERIFY_MS = 60_000;

/** What a notification carries per account: enough to route and answer without a query. */
interface Change {
  /** account id */
  a: string;
  /** its user */
  u: string;
  /** status */
  s: AccountStreamMessage['status'];
  /** breach report, or null */
  b: AccountStreamMessage['breach'];
}

interface LiveStream {
  userId: string;
  token: string;
  res: ServerResponse;
  checkedAt: number;
  closed: boolean;
}

/** What the hub asks of the session service. */
export interface LiveSessions {
  authenticate(token: string): Promise<Principal>;
  forgetUser(userId: string): void;
}

export function changeOf(row: AccountRow): Change {
  return { a: row.id, u: row.userId, s: row.status, b: toBreachDto(breachOf(row)) };
}

/** Splits changes into JSON arrays that each fit one NOTIFY payload. */
export function payloadsOf(changes: Change[]): string[] {
  const out: string[] = [];
  let parts: string[] = [];
  let bytes = 2;
  for (const c of changes) {
    const json = JSON.stringify(c);
    const size = Buffer.byteLength(json) + 1;
    if (parts.length && bytes + size > MAX_PAYLOAD_BYTES) {
      out.push(`[${parts.join(',')}]`);
      parts = [];
      bytes = 2;
    }
    parts.push(json);
    bytes += size;
  }
  if (parts.length) out.push(`[${parts.join(',')}]`);
  return out;
}

/**
 * Live updates for members (GET /api/accounts/stream, server-sent events). After a change to an
 * account commits (ingestion, the clock, a verdict review, staff closing it), `publish` sends a
 * NOTIFY; every instance LISTENs and writes `event: account` to the streams of the account's owner
 * it holds. Publishing is coalesced: changes made while a NOTIFY is on its way go out together in
 * the next one. Streams get a comment line every heartbeat, are bounded per member and instance,
 * end when their session is revoked (the sessions module's NOTIFY) and when the server closes.
 */
export class AccountLive {
  private readonly byUser = new Map<string, Set<LiveStream>>();
  private streams = 0;
  private readonly pending = new Map<string, Change>();
  private flushing: Promise<void> | null = null;
  private scheduled = false;
  private heartbeat: NodeJS.Timeout | null = null;
  private unlisten: Array<() => Promise<void>> = [];
  private closing = false;
  private heartbeatMs = ACCOUNT_STREAM_HEARTBEAT_SECONDS * 1000;
  readonly maxPerMember = MAX_ACCOUNT_STREAMS_PER_MEMBER;

  constructor(private readonly deps: { database: Database; sessions: LiveSessions; log: FastifyBaseLogger }) {}

  /** Open streams on this instance (all members). */
  get size(): number {
    return this.streams;
  }

  /** A member's open streams on this instance. */
  countFor(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** Subscribes to account changes and session revocations; starts the heartbeat. */
  async start(): Promise<void> {
    const { database } = this.deps;
    // After a dropped LISTEN connection is back, what was notified in between is unknown: clients
    // are told to refetch (resync), and every stream's session is verified again.
    this.unlisten.push(
      await listen(database, ACCOUNT_CHANGES_CHANNEL, (p) => this.onChanges(p), { onListening: () => this.resync() }),
    );
    this.unlisten.push(
      await listen(database, SESSION_EVENTS_CHANNEL, (userId) => this.onSessionsChanged(userId), {
        onListening: () => this.verifyAll(),
      }),
    );
    this.setHeartbeat(this.heartbeatMs);
  }

  /** Milliseconds between heartbeats (15 s; tests shorten it). */
  setHeartbeat(ms: number): void {
    this.heartbeatMs = ms;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = setInterval(() => this.beat(), ms);
    this.heartbeat.unref();
  }

  /** Ends every stream (graceful shutdown must not wait for them); refuses new ones. */
  closeStreams(): void {
    this.closing = true;
    for (const set of [...this.byUser.values()]) for (const s of [...set]) this.end(s);
  }

  /** Sends what is still pending, then unsubscribes. */
  async stop(): Promise<void> {
    this.closeStreams();
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    while (this.flushing || this.pending.size) await (this.flushing ?? this.flush());
    const unlisten = this.unlisten;
    this.unlisten = [];
    await Promise.all(unlisten.map((u) => u().catch(() => {})));
  }

  /** After the commit: tells every instance that these accounts changed. Never throws. */
  publish(rows: Iterable<AccountRow>): void {
    for (const row of rows) this.pending.set(row.id, changeOf(row));
    if (this.pending.size === 0 || this.scheduled || this.flushing) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.pending.size === 0) return Promise.resolve();
    const changes = [...this.pending.values()];
    this.pending.clear();
    const payloads = JSON.stringify(payloadsOf(changes));
    this.flushing = (async () => {
      try {
        await this.deps.database.db.execute(
          sql`select pg_notify(${ACCOUNT_CHANGES_CHANNEL}, p) from json_array_elements_text(${payloads}::json) as p`,
        );
      } catch (err) {
        // Lost: open screens catch up on their next refetch.
        this.deps.log.warn({ err, accounts: changes.length }, 'could not notify account changes');
      } finally {
        this.flushing = null;
        if (this.pending.size && !this.scheduled) this.publish([]);
      }
    })();
    return this.flushing;
  }

  /**
   * Opens a member's stream on this request: 429 past the per-member bound. The reply is taken over
   * (hijacked) and written as `text/event-stream` until the client leaves, the session ends or the
   * server closes.
   */
  open(reply: FastifyReply, principal: Principal, token: string): void {
    if (this.closing) throw new AppError('SERVICE_UNAVAILABLE', 503, 'The server is restarting; reconnect shortly');
    const set = this.byUser.get(principal.userId);
    if (set && set.size >= this.maxPerMember) {
      throw new AppError(
        'RATE_LIMITED',
        429,
        `At most ${this.maxPerMember} live streams per member: close another tab or window`,
      );
    }
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    res.socket?.setNoDelay(true);
    const stream: LiveStream = { userId: principal.userId, token, res, checkedAt: Date.now(), closed: false };
    if (set) set.add(stream);
    else this.byUser.set(principal.userId, new Set([stream]));
    this.streams++;
    res.on('close', () => this.remove(stream));
    // A client gone before the head was written: its 'close' may already have passed.
    if (res.destroyed || res.socket?.destroyed === true) {
      this.remove(stream);
      return;
    }
    // The first bytes tell the client the stream is subscribed.
    res.write(': connected\n\n');
  }

  private write(s: LiveStream, frame: string): void {
    if (s.closed || s.res.writableEnded) return;
    if (s.res.writableLength > MAX_BUFFERED_BYTES) {
      this.end(s);
      return;
    }
    s.res.write(frame);
  }

  private end(s: LiveStream): void {
    if (!s.res.writableEnded) s.res.end();
    this.remove(s);
  }

  private remove(s: LiveStream): void {
    if (s.closed) return;
    s.closed = true;
    this.streams--;
    const set = this.byUser.get(s.userId);
    set?.delete(s);
    if (set && set.size === 0) this.byUser.delete(s.userId);
  }

  private onChanges(payload: string): void {
    if (this.streams === 0) return;
    let changes: Change[];
    try {
      changes = JSON.parse(payload) as Change[];
    } catch {
      this.deps.log.warn('unreadable account change notification');
      return;
    }
    for (const c of changes) {
      const set = this.byUser.get(c.u);
      if (!set) continue;
      const message: AccountStreamMessage = { accountId: c.a, status: c.s, breach: c.b, passed: c.s === 'passed' };
      const frame = `event: ${ACCOUNT_STREAM_EVENT}\ndata: ${JSON.stringify(message)}\n\n`;
      for (const s of [...set]) this.write(s, frame);
    }
  }

  private resync(): void {
    const frame = `event: ${ACCOUNT_STREAM_RESYNC_EVENT}\ndata: {}\n\n`;
    for (const set of this.byUser.values()) for (const s of [...set]) this.write(s, frame);
  }

  private verifyAll(): void {
    for (const set of this.byUser.values()) for (const s of [...set]) void this.verify(s);
  }

  /** A user's sessions changed (logout, password change, suspension): their streams verify again. */
  private onSessionsChanged(userId: string): void {
    const set = this.byUser.get(userId);
    if (!set) return;
    // The session cache may not have heard yet (its own LISTEN): read the sessions afresh.
    this.deps.sessions.forgetUser(userId);
    for (const s of [...set]) void this.verify(s);
  }

  private async verify(s: LiveStream): Promise<void> {
    s.checkedAt = Date.now();
    try {
      const principal = await this.deps.sessions.authenticate(s.token);
      if (principal.userId !== s.userId) this.end(s);
    } catch (err) {
      // Revoked, expired or suspended ends the stream; a database hiccup does not.
      if (err instanceof AppError) this.end(s);
      else this.deps.log.warn({ err }, 'could not verify a live stream session');
    }
  }

  private beat(): void {
    const now = Date.now();
    for (const set of this.byUser.values()) {
      for (const s of [...set]) {
        this.write(s, ':\n\n');
        if (!s.closed && now - s.checkedAt >= REVERIFY_MS) void this.verify(s);
      }
    }
  }
}
