// After an outage of the mail server, ADMIN sends every recent refused mail again at once; the
// dashboard's "needs you" says how many there are. SUPPORT reads the count and changes nothing.
import { UNDELIVERED_MAILS_DAYS } from '@app/contracts/admin-users';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signedInMember, signedInStaff } from '../../../test/auth-helpers.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { auditLog, emailOutbox } from '../../db/schema/index.ts';

let t: TestContext;
let admin: { token: string };
let support: { token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'ADMIN');
  support = await signedInStaff(t, 'SUPPORT');
});
afterAll(() => t.close());

const DAY = 86_400_000;
const resendAll = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/mails/resend-undelivered', headers: bearer(token) });
const undelivered = async (token: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/admin/dashboard?range=7d&tz=UTC',
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().needsYou.undeliveredMails as {
    count: number;
    refused: number;
    oldestAt: string | null;
    lastError: string | null;
  };
};
const statesOf = async (ids: string[]) =>
  Object.fromEntries(
    (
      await t.database.db
        .select({ id: emailOutbox.id, status: emailOutbox.status, attempts: emailOutbox.attempts })
        .from(emailOutbox)
        .where(inArray(emailOutbox.id, ids))
    ).map((r) => [r.id, `${r.status}/${r.attempts}`]),
  );
const resendAudits = () => t.database.db.select().from(auditLog).where(eq(auditLog.action, 'mail.resend_undelivered'));

describe('POST /api/admin/mails/resend-undelivered', () => {
  it('with nothing refused: queues nothing and records nothing', async () => {
    expect(await undelivered(admin.token)).toEqual({ count: 0, refused: 0, oldestAt: null, lastError: null });
    const res = await resendAll(admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ requeued: 0 });
    expect(await resendAudits()).toHaveLength(0);
  });

  it('queues again every mail refused in the window, once; older ones and delivered ones stay', async () => {
    const member = await signedInMember(t);
    const now = Date.now();
    const mail = { to: 'outage@example.com', text: 'x', userId: member.id };
    const outside = (UNDELIVERED_MAILS_DAYS + 1) * DAY;
    const rows = await t.database.db
      .insert(emailOutbox)
      .values([
        {
          ...mail,
          subject: 'Refused early',
          status: 'failed',
          attempts: 8,
          lastError: '421 try later',
          createdAt: new Date(now - 2 * DAY),
        },
        {
          ...mail,
          subject: 'Refused late',
          status: 'failed',
          attempts: 8,
          lastError: 'connect ECONNREFUSED',
          createdAt: new Date(now - 60_000),
        },
        {
          ...mail,
          subject: 'Refused long ago',
          status: 'failed',
          attempts: 8,
          lastError: 'old',
          createdAt: new Date(now - outside),
        },
        {
          ...mail,
          subject: 'Delivered',
          status: 'sent',
          attempts: 1,
          sentAt: new Date(now),
          createdAt: new Date(now - DAY),
        },
      ])
      .returning({ id: emailOutbox.id });
    const [early, late, old, sent] = rows.map((r) => r.id) as [string, string, string, string];

    // The dashboard counts the window's refused mails, the oldest's time and the newest's words.
    expect(await undelivered(support.token)).toEqual({
      count: 2,
      refused: 0,
      oldestAt: new Date(now - 2 * DAY).toISOString(),
      lastError: 'connect ECONNREFUSED',
    });

    // SUPPORT reads only: refused, and nothing changes.
    const refused = await resendAll(support.token);
    expect(refused.statusCode).toBe(403);
    expect(await statesOf([early, late])).toEqual({ [early]: 'failed/8', [late]: 'failed/8' });

    const res = await resendAll(admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ requeued: 2 });
    expect(await statesOf([early, late, old, sent])).toEqual({
      [early]: 'pending/0',
      [late]: 'pending/0',
      [old]: 'failed/8',
      [sent]: 'sent/1',
    });
    expect(await undelivered(admin.token)).toMatchObject({ count: 0 });

    // One audit entry names every mail it queued.
    const audits = await resendAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ targetType: 'mail', targetId: null });
    expect(audits[0]!.before).toMatchObject({ status: 'failed', count: 2 });
    expect((audits[0]!.after as { mailIds: string[] }).mailIds.sort()).toEqual([early, late].sort());

    // A second press finds nothing left to send.
    expect((await resendAll(admin.token)).json()).toEqual({ requeued: 0 });
    expect(await resendAudits()).toHaveLength(1);
  });

  it('leaves out a mail whose address the recipient’s server refused for good; it stays counted', async () => {
    const member = await signedInMember(t);
    const now = Date.now();
    const mail = { to: 'someone@example.com', text: 'x', userId: member.id, status: 'failed' as const };
    const rows = await t.database.db
      .insert(emailOutbox)
      .values([
        { ...mail, subject: 'Outage', attempts: 8, lastError: 'connect ECONNREFUSED', createdAt: new Date(now - DAY) },
        {
          ...mail,
          to: 'nobody@gone.example.com',
          subject: 'Bounced',
          attempts: 1,
          refused: true,
          lastError: '550 5.1.1 mailbox unavailable',
          createdAt: new Date(now - 60_000),
        },
      ])
      .returning({ id: emailOutbox.id });
    const [outage, bounced] = rows.map((r) => r.id) as [string, string];
    expect(await undelivered(admin.token)).toMatchObject({
      count: 2,
      refused: 1,
      lastError: '550 5.1.1 mailbox unavailable',
    });

    expect((await resendAll(admin.token)).json()).toEqual({ requeued: 1 });
    expect(await statesOf([outage, bounced])).toEqual({ [outage]: 'pending/0', [bounced]: 'failed/1' });
    expect(await undelivered(admin.token)).toMatchObject({ count: 1, refused: 1 });
    const audits = await resendAudits();
    expect((audits.at(-1)!.after as { mailIds: string[] }).mailIds).toEqual([outage]);

    // Sent again from the user's page, by name: no longer marked, so it counts as any other.
    const one = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${member.id}/mails/${bounced}/resend`,
      headers: bearer(admin.token),
    });
    expect(one.statusCode, one.body).toBe(200);
    const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, bounced));
    expect(row).toMatchObject({ status: 'pending', refused: false });
  });

  it('is for staff only', async () => {
    const member = await signedInMember(t);
    expect((await resendAll(member.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/mails/resend-undelivered' })).statusCode).toBe(401);
  });
});
