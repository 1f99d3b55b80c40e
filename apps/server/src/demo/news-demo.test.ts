import { describe, expect, it } from 'vitest';
import { FakeClock } from '../lib/clock.ts';
import { createTestApp } from '../../test/test-app.ts';
import { seedNewsDemo } from './news-demo.ts';

describe('news demo seed', () => {
  it('seeds the current and the next week once, with high-impact events across currencies', async () => {
    const demo = await createTestApp({ clock: new FakeClock('2026-11-25T12:00:00Z') });
    try {
      await seedNewsDemo(demo, demo.clock);
      await seedNewsDemo(demo, demo.clock);
      const rows = await demo.database.db.query.newsEvents.findMany();
      expect(rows).toHaveLength(48);
      const thisWeek = rows.filter(
        (r) => r.time >= new Date('2026-11-23T00:00:00Z') && r.time < new Date('2026-11-30T00:00:00Z'),
      );
      expect(thisWeek).toHaveLength(24);
      const highCurrencies = new Set(thisWeek.filter((r) => r.impact === 'high').map((r) => r.currency));
      expect([...highCurrencies].sort()).toEqual(['CAD', 'EUR', 'GBP', 'JPY', 'USD']);
    } finally {
      await demo.close();
    }
  });
});
