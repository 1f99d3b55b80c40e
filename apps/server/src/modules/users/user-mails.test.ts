// Staff see which mails a user was sent and how delivery went ("I never got my credentials"):
// subject, address, status, attempts and the mail server's last refusal, never a body.
import { USER_MAILS_LIMIT, type AdminUserMail } from '@app/contracts/admin-users';
import { and, eq } from 'drizzle-orm';
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

const mailsOf = (token: string, userId: string) =>
  t.app.inject({ method: 'GET', url: `/api/admin/users/${userId}/mails`, headers: bearer(token) });

describe('GET /api/admin/users/:userId/mails', () => {
  it('lists the set-password mail of a user staff created, without its body or link', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: bearer(admin.token),
      payload: { email: 'mails.new@example.com', firstName: 'Nora', lastName: 'Mailer', role: 'USER' },
    });
    expect(created.statusCode).toBe(201);
    const userId = created.json().user.id as string;

    const res = await mailsOf(support.token, userId);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as AdminUserMail[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      to: 'mails.new@example.com',
      status: 'pending',
      attempts: 0,
      lastError: null,
      sentAt: null,
    });
    expect(items[0]!.subject.length).toBeGreaterThan(0);
    // The body holds the set-password link: a reader of this list must not be able to use it.
    expect(res.body).not.toMatch(/reset-password|token=|text_body|html/);
  });

  it('shows delivery as it went, newest first, at most USER_MAILS_LIMIT', async () => {
    const member = await signedInMember(t);
    const base = Date.now() - 3_600_000;
    const mail = { to: 'old@example.com', text: 'Body with a secret link', userId: member.id };
    await t.database.db.insert(emailOutbox).values([
      {
        ...mail,
        subject: 'Sent one',
        status: 'sent',
        attempts: 1,
        createdAt: new Date(base),
        sentAt: new Date(base + 1_000),
      },
      {
        ...mail,
        subject: 'Refused one',
        status: 'failed',
        attempts: 8,
        lastError: '550 5.1.1 Mailbox unavailable',
        createdAt: new Date(base + 60_000),
      },
    ]);
    const two = (await mailsOf(admin.token, member.id)).json().items as AdminUserMail[];
    expect(two.map((m) => [m.subject, m.status, m.attempts, m.lastError])).toEqual([
      ['Refused one', 'failed', 8, '550 5.1.1 Mailbox unavailable'],
      ['Sent one', 'sent', 1, null],
    ]);
    expect(two[1]!.sentAt).toBe(new Date(base + 1_000).toISOString());
    expect(JSON.stringify(two)).not.toContain('secret link');

    await t.database.db.insert(emailOutbox).values(
      Array.from({ length: USER_MAILS_LIMIT }, (_, i) => ({
        ...mail,
        subject: `Newer ${i}`,
        createdAt: new Date(base + 120_000 + i * 1_000),
      })),
    );
    const items = (await mailsOf(admin.token, member.id)).json().items as AdminUserMail[];
    expect(items).toHaveLength(USER_MAILS_LIMIT);
    expect(items[0]!.subject).toBe(`Newer ${USER_MAILS_LIMIT - 1}`);
    expect(items.at(-1)!.subject).toBe('Newer 0');
  });

  it('404 for an unknown user, 403 for a member', async () => {
    expect((await mailsOf(admin.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const member = await signedInMember(t);
    expect((await mailsOf(member.token, member.id)).statusCode).toBe(403);
  });
});

describe('POST /api/admin/users/:userId/mails/:mailId/resend', () => {
  const resend = (token: string, userId: string, mailId: string) =>
    t.app.inject({ method: 'POST', url: `/api/admin/users/${userId}/mails/${mailId}/resend`, headers: bearer(token) });
  const stateOf = async (id: string) =>
    (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;

  it('puts a mail that was given up on back in the queue, and the audit log says who and what it was', async () => {
    const member = await signedInMember(t);
    const [failed, sent] = await t.database.db
      .insert(emailOutbox)
      .values([
        {
          to: 'bounce@example.com',
          subject: 'Your account credentials',
          text: 'x',
          userId: member.id,
          status: 'failed',
          attempts: 8,
          lastError: '550 Mailbox unavailable',
        },
        {
          to: 'bounce@example.com',
          subject: 'Order received',
          text: 'x',
          userId: member.id,
          status: 'sent',
          attempts: 1,
          sentAt: new Date(),
        },
      ])
      .returning({ id: emailOutbox.id });

    // SUPPORT reads only; a mail that was delivered is not sent twice; another user's mail is not found.
    expect((await resend(support.token, member.id, failed!.id)).statusCode).toBe(403);
    const twice = await resend(admin.token, member.id, sent!.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('MAIL_NOT_FAILED');
    const other = await signedInMember(t);
    expect((await resend(admin.token, other.id, failed!.id)).statusCode).toBe(404);
    expect(await stateOf(failed!.id)).toMatchObject({ status: 'failed', attempts: 8 });

    const res = await resend(admin.token, member.id, failed!.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().mail).toMatchObject({ id: failed!.id, status: 'pending', attempts: 0, lastError: null });
    expect(await stateOf(failed!.id)).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, member.id), eq(auditLog.action, 'user.mail_resend')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.before).toMatchObject({
      mailId: failed!.id,
      subject: 'Your account credentials',
      lastError: '550 Mailbox unavailable',
    });
    expect(audit[0]!.after).toEqual({ mailId: failed!.id, status: 'pending' });
    // Now waiting, it is not "not delivered" any more.
    expect((await resend(admin.token, member.id, failed!.id)).statusCode).toBe(409);
  });
});
