// Delivery against a real SMTP server that refuses: a recipient refused for good (550) is given up
// on at once, with the server's words; a refused login (535) or a server that is down is the
// server's state, so those mails wait and are tried again.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { emailOutbox } from '../../db/schema/index.ts';
import { createSmtpTransport, type MailTransport } from './index.ts';

let t: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>> | null = null;
/** The SMTP server each test sends to: one app, its transport pointed at the test's server. */
let transport: MailTransport;
beforeAll(async () => {
  t = await createTestApp({ deps: { mailTransport: { send: (mail) => transport.send(mail) } } });
});
afterEach(async () => {
  transport?.close?.();
  await sink?.close();
  sink = null;
});
afterAll(() => t?.close());

async function queue(...to: string[]) {
  const ids: string[] = [];
  for (const address of to) {
    const [row] = await t.database.db
      .insert(emailOutbox)
      .values({ to: address, subject: `For ${address}`, text: 'Hello', userId: null })
      .returning({ id: emailOutbox.id });
    ids.push(row!.id);
  }
  return ids;
}

const stateOf = async (id: string) => {
  const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return { status: row!.status, attempts: row!.attempts, lastError: row!.lastError, refused: row!.refused };
};

describe('outbox delivery when the mail server refuses', () => {
  it('gives up at once on a recipient refused for good, and still sends the others', async () => {
    sink = await startSmtpSink({ refuseRecipients: /@gone\.example\.com$/ });
    transport = createSmtpTransport(sink.url);
    const [gone, fine] = await queue('nobody@gone.example.com', 'reader@example.com');

    // Nothing left to retry: the run ends without asking the job for another.
    await t.services.outbox.deliverPending();
    // Marked as refused: sending all undelivered mails again after an outage leaves it out.
    expect(await stateOf(gone!)).toMatchObject({ status: 'failed', attempts: 1, refused: true });
    expect((await stateOf(gone!)).lastError).toMatch(/550/);
    expect(await stateOf(fine!)).toMatchObject({ status: 'sent', attempts: 1, lastError: null, refused: false });
    expect(sink.received.map((m) => m.to)).toEqual([['reader@example.com']]);
  });

  it('keeps trying while the server refuses its login (535): the mail waits', async () => {
    sink = await startSmtpSink({ refuseLogins: true });
    const url = new URL(sink.url);
    url.username = 'app';
    url.password = 'wrong';
    transport = createSmtpTransport(url.toString());
    const [waiting] = await queue('reader@example.com');

    await expect(t.services.outbox.deliverPending()).rejects.toThrow(/1 of 1 mails could not be delivered/);
    const state = await stateOf(waiting!);
    expect(state).toMatchObject({ status: 'pending', attempts: 1, refused: false });
    expect(state.lastError).toMatch(/535|auth/i);
    expect(sink.received).toHaveLength(0);
  });

  it('keeps trying while the server is down', async () => {
    // A port nothing listens on: the connection is refused at once.
    transport = createSmtpTransport('smtp://127.0.0.1:1');
    const [waiting] = await queue('reader@example.com');
    await expect(t.services.outbox.deliverPending()).rejects.toThrow(/could not be delivered/);
    expect(await stateOf(waiting!)).toMatchObject({ status: 'pending', attempts: 1 });

    // Given up on at the 8th attempt (MAIL_MAX_ATTEMPTS), not as refused: "Send all again" takes it.
    for (let attempt = 2; attempt <= 8; attempt++) await t.services.outbox.deliverPending().catch(() => {});
    expect(await stateOf(waiting!)).toMatchObject({ status: 'failed', attempts: 8, refused: false });
    await t.services.outbox.deliverPending();
    expect(await stateOf(waiting!)).toMatchObject({ attempts: 8 });
  });
});
