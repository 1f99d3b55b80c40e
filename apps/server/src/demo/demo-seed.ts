import type { App } from '../app.ts';
import type { Clock } from '../lib/clock.ts';
import { seedCommerceDemo } from './commerce-demo.ts';
import { seedPayoutsDemo } from './payouts-demo.ts';
import { DEMO_USERS } from './demo-users.ts';
import { seedNewsDemo } from './news-demo.ts';
import { seedTradingDemo } from './trading-demo.ts';

/**
 * Demo data for an empty database (main.ts, when DEMO_DATA is on): the demo logins, the challenge
 * catalogue (when there is none), the demo member's accounts and orders, all through the app's services
 * and routes. Does nothing once any user exists; returns whether it seeded.
 */
export async function seedDemo(built: App, clock: Clock): Promise<boolean> {
  const { app, services } = built;
  await seedNewsDemo(built, clock); // the current week's calendar, at every start
  if ((await services.users.count()) > 0) return false;
  for (const u of DEMO_USERS) {
    const now = clock.now();
    await services.users.create({
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      role: u.role,
      passwordHash: await services.passwords.hash(u.password),
      createdAt: now,
      updatedAt: now,
    });
  }
  app.log.info({ users: DEMO_USERS.map((u) => u.email) }, 'demo data seeded');
  const added = await services.challenges.seedCatalogue();
  if (added) app.log.info({ challenges: added }, 'challenge catalogue seeded');
  const payout = await seedTradingDemo(built, clock);
  await seedCommerceDemo(built);
  await seedPayoutsDemo(built, clock, payout);
  return true;
}
