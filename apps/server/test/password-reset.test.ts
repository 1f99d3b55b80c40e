import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, users } from '../src/db/schema/index.ts';
import { createExecutor } from '../src/jobs/pg-boss-executor.ts';
import { createSmtpTransport, DELIVER_OUTBOX } from '../src/modules/mail/index.ts';
import { login, loginRequest, randomIp, signedInMember, verify } from './auth-helpers.ts';
import { decodedBody, resetTokenFrom, startSmtpSink, subjectOf, textOf } from './smtp-sink.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  smtp = await startSmtpSink();
  // Jobs run: every mail below reaches the SMTP server through the delivery job alone.
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://app.test', MAIL_FROM: 'Platform <no-reply@app.test>' },
    deps: { mailTransport: createSmtpTransport(smtp.url), runJobs: true },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Resolves once `check` holds, polling every 20 ms; fails after 5 s. */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const outboxRows = (ctx: TestContext, email: string) =>
  ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));

/** The states of the delivery job's stored jobs. */
async function deliveryJobStates(ctx: TestContext): Promise<string[]> {
  const { rows } = await createExecutor(ctx.database).executeSql('select state from pgboss.job where name = $1', [
    DELIVER_OUTBOX,
  ]);
  return (rows as Array<{ state: string }>).map((r) => r.state);
}

const recover = (email: string, acceptLanguage?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/recover',
    payload: { email },
    remoteAddress: randomIp(),
    ...(acceptLanguage ? { headers: { 'accept-language': acceptLanguage } } : {}),
  });
const reset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { token, password }, remoteAddress: randomIp() });

describe('password recovery', () => {
  it('answers the same body whether or not the email exists', async () => {
    const m = await signedInMember(t);
    const known = await recover(m.email);
    const unknown = await recover(`ghost.${Date.now()}@example.com`);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json().message).toBe('Sent password reset. Please check your email');
  });

  it('mails a single-use link over SMTP; reset sets the password and ends every session', async () => {
    const m = await signedInMember(t);
    await recover(m.email);
    const mail = await smtp.mailTo(m.email);
    expect(mail.from).toBe('no-reply@app.test');
    expect(decodedBody(mail)).toContain('http://app.test/auth/reset-password?token=');
    const token = resetTokenFrom(mail);

    const res = await reset(token, 'Renewed123!');
    expect(res.statusCode).toBe(200);
    const old = await verify(t, m.token);
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toMatch(/password was reset/);
    expect((await loginRequest(t, m.email, m.password)).statusCode).toBe(401);
    await login(t, m.email, 'Renewed123!');

    const again = await reset(token, 'Another123!');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_RESET_TOKEN');
  });

  it('sends at most one mail per account per minute, and a newer link voids the older one', async () => {
    const m = await signedInMember(t);
    await recover(m.email);
    await recover(m.email);
    const first = resetTokenFrom(await smtp.mailTo(m.email));
    // Once the outbox holds nothing pending, every mail it was given has reached the server.
    await until(async () => (await outboxRows(t, m.email)).every((r) => r.status !== 'pending'), 'the outbox to drain');
    expect(await outboxRows(t, m.email)).toHaveLength(1);
    expect(smtp.received.filter((x) => x.to.includes(m.email)).length).toBe(1);

    t.clock.advance(61_000);
    await recover(m.email);
    const second = resetTokenFrom(await smtp.mailTo(m.email, 2));
    expect(second).not.toBe(first);
    expect((await reset(first, 'Renewed123!')).statusCode).toBe(400);
    expect((await reset(second, 'Renewed123!')).statusCode).toBe(200);
  });

  it('is written in the language of the profile, else the one the browser asked for', async () => {
    const asked = await signedInMember(t);
    await recover(asked.email, 'de-DE,de;q=0.9,en;q=0.5');
    const german = await smtp.mailTo(asked.email);
    expect(subjectOf(german)).toBe('Passwort zurücksetzen');
    expect(textOf(german)).toContain('Neues Passwort wählen');
    expect(resetTokenFrom(german)).toMatch(/^[\w-]{20,}$/);

    const chosen = await signedInMember(t);
    await t.database.db
      .update(users)
      .set({ preferences: { language: 'ja' } })
      .where(eq(users.email, chosen.email));
    await recover(chosen.email, 'de');
    const japanese = await smtp.mailTo(chosen.email);
    expect(subjectOf(japanese)).toBe('パスワードの再設定');
    expect(textOf(japanese)).toContain('60分後に失効');
  });

  it('expires a link after 60 minutes', async () => {
    const m = await signedInMember(t);
    t.clock.advance(120_000);
    await recover(m.email);
    const token = resetTokenFrom(await smtp.mailTo(m.email));
    t.clock.advance(60 * 60_000 + 1);
    expect((await reset(token, 'Renewed123!')).statusCode).toBe(400);
  });

  it('validates the new password with the SPEC rules', async () => {
    const res = await reset('x'.repeat(43), 'short');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.password).toBe('Password is too short - should be 8 characters minimum.');
  });
});

describe('mail outbox', () => {
  it('keeps a mail when SMTP is down, retries the delivery job and delivers once SMTP is back', async () => {
    let smtpUp = false;
    const sent: string[] = [];
    const failing = await createTestApp({
      deps: {
        runJobs: true,
        mailTransport: {
          send: async (mail) => {
            if (!smtpUp) throw new Error('connection refused');
            sent.push(mail.to);
          },
        },
      },
    });
    try {
      const m = await signedInMember(failing);
      await failing.app.inject({ method: 'POST', url: '/api/auth/recover', payload: { email: m.email } });
      // The job tried, failed, and waits for a retry with back-off (30 s or more: not waited for here).
      await until(
        async () => (await deliveryJobStates(failing)).includes('retry'),
        'the delivery job to fail into a retry',
      );
      const [row] = await outboxRows(failing, m.email);
      expect(row?.status).toBe('pending');
      expect(row?.attempts).toBeGreaterThan(0);
      expect(row?.lastError).toContain('connection refused');
      // From here the test runs the deliveries itself, with no scheduled run alongside.
      await failing.jobs.stop();
      await expect(failing.services.outbox.deliverPending()).rejects.toThrow(/could not be delivered/);
      smtpUp = true;
      // What the retry runs.
      await failing.services.outbox.deliverPending();
      const [after] = await outboxRows(failing, m.email);
      expect(after?.status).toBe('sent');
      expect(sent).toEqual([m.email]);
    } finally {
      await failing.close();
    }
  });

  it('logs the mail with its link when no SMTP_URL is set', async () => {
    const lines: string[] = [];
    const { Writable } = await import('node:stream');
    const local = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      deps: {
        runJobs: true,
        mailTransport: null,
        logStream: new Writable({
          write(c, _e, cb) {
            lines.push(String(c));
            cb();
          },
        }),
      },
    });
    try {
      const m = await signedInMember(local);
      await local.app.inject({ method: 'POST', url: '/api/auth/recover', payload: { email: m.email } });
      // Logged by the delivery job, which the recovery request queued.
      await until(async () => (await outboxRows(local, m.email))[0]?.status === 'logged', 'the mail to be logged');
      const logged = lines.find((l) => l.includes('mail (no SMTP_URL set)'));
      expect(logged).toContain('/auth/reset-password?token=');
    } finally {
      await local.close();
    }
  });
});
