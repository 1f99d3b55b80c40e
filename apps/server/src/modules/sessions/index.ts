// Sessions: opaque bearer tokens, verified from a memory cache, revoked everywhere by NOTIFY.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { listenWhileUp } from '../../db/listen.ts';
import type { Clock } from '../../lib/clock.ts';
import { SESSION_EVENTS_CHANNEL } from './sessions.repository.ts';
import { registerSessionRoutes } from './sessions.routes.ts';
import { SessionService } from './sessions.service.ts';

export { SessionService, type SessionSettings } from './sessions.service.ts';

/**
 * The app's session service. buildApp makes it before any module: the access check asks it on
 * every guarded request and is in place before the first route.
 */
export function createSessionService(deps: { config: Config; database: Database; clock: Clock }): SessionService {
  const { config } = deps;
  return new SessionService(deps.database.db, deps.clock, {
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
    cacheMs: config.SESSION_CACHE_SECONDS * 1000,
    touchEveryMs: 5 * 60_000,
  });
}

/**
 * Another instance revoked or suspended someone: this one drops what it cached about them. While
 * the LISTEN connection is down (a PostgreSQL restart) notifications are missed, so the cache is
 * not trusted until it is back, and what it held before is read again.
 */
export function register(app: FastifyInstance, deps: { database: Database; sessions: SessionService }): void {
  const { sessions } = deps;
  registerSessionRoutes(app, { sessions });
  listenWhileUp(app, deps.database, SESSION_EVENTS_CHANNEL, (userId) => sessions.forgetUser(userId), {
    onLost: (err) => {
      sessions.notificationsLost();
      const reason = err instanceof Error ? err.message : String(err);
      app.log.warn(
        { channel: SESSION_EVENTS_CHANNEL, reason },
        'session_events: not listening, sessions are read from the database until it is back',
      );
    },
    onListening: () => {
      sessions.notificationsRestored();
      app.log.info({ channel: SESSION_EVENTS_CHANNEL }, 'session_events: listening again, session cache emptied');
    },
  });
}
