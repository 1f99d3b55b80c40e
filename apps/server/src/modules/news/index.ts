// News calendar: economic events for members, imports and the scheduled feed fetch for staff.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { Clock } from '../../lib/clock.ts';
import { listenWhileUp } from '../../db/listen.ts';
import { registerNewsRoutes } from './news.routes.ts';
import { NewsService } from './news.service.ts';
import { NEWS_CHANGES_CHANNEL } from './week-cache.ts';

export { NewsService } from './news.service.ts';
export type { ParsedNewsRow } from './news-parse.ts';
export { feedFailureOf } from './news-feed.ts';

export const FETCH_CALENDAR = 'news.fetch-calendar';

/** The routes, and with NEWS_FEED_URL set, its fetch every NEWS_FEED_CRON (default every 30 minutes). */
export function register(
  app: FastifyInstance,
  deps: { config: Config; database: Database; clock: Clock; jobs: Jobs; fetchImpl?: typeof fetch },
): { news: NewsService } {
  const news = new NewsService(deps.database.db, deps.clock, {
    feedUrl: deps.config.NEWS_FEED_URL,
    fetchImpl: deps.fetchImpl,
    weekCacheMs: deps.config.NEWS_WEEK_CACHE_SECONDS * 1000,
  });
  registerNewsRoutes(app, { news });
  keepWeeksInStep(app, deps.database, news);
  if (deps.config.NEWS_FEED_URL) {
    const log = app.log.child({ module: 'news.feed' });
    deps.jobs.work(
      FETCH_CALENDAR,
      async () => {
        const outcome = await news.fetchCalendar();
        if (outcome === 'failed') log.warn('news feed fetch failed; the last good calendar stays');
      },
      { policy: 'stately', retryLimit: 0, expireInSeconds: 120 },
    );
    deps.jobs.schedule(FETCH_CALENDAR, deps.config.NEWS_FEED_CRON);
  }
  return { news };
}

/** Another instance imported or fetched: this one forgets its cached weeks (decision 025). */
function keepWeeksInStep(app: FastifyInstance, database: Database, news: NewsService): void {
  listenWhileUp(app, database, NEWS_CHANGES_CHANNEL, () => news.weeks.forget(), {
    onLost: () => news.weeks.lost(),
    onListening: () => news.weeks.restored(),
  });
}
