import { describe, expect, it } from 'vitest';
import { FakeClock } from '../lib/clock.ts';
import { createTestApp } from '../../test/test-app.ts';
import { demoRestrictedEvent, seedNewsDemo } from './news-demo.ts';

describe('news demo seed', () => {
  it('seeds last week, this week and the next once, with high-impact events across currencies', async () => {
    const demo = await createTestApp({ clock: new FakeClock('2026-11-25T12:00:00Z') });
    try {
      await seedNewsDemo(demo, demo.clock);
      await seedNewsDemo(demo, demo.clock);
      const rows = await demo.database.db.query.newsEvents.findMany();
      expect(rows).toHaveLength(72);
      const thisWeek = rows.filter(
        (r) => r.time >= new Date('2026-11-23T00:00:00Z') && r.time < new Date('2026-11-30T00:00:00Z'),
      );
      expect(thisWeek).toHaveLength(24);
      const highCurrencies = new Set(thisWeek.filter((r) => r.impact === 'high').map((r) => r.currency));
      expect([...highCurrencies].sort()).toEqual(['CAD', 'EUR', 'GBP', 'JPY', 'USD']);
      // The event the demo's funded account trades into: last Friday, 08:30 in New York (EST).
      const nfp = demoRestrictedEvent(demo.clock.now().getTime());
      expect(new Date(nfp.timeMs).toISOString()).toBe('2026-11-20T13:30:00.000Z');
      expect(rows.find((r) => r.time.getTime() === nfp.timeMs && r.impact === 'high')?.currency).toBe('USD');
    } finally {
      await demo.close();
    }
  });
});
