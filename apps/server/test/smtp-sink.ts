import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves when `count` mails have arrived (or rejects after `ms`). */
    async waitFor(count: number, ms = 5000) {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return received;
    },
    /** The newest mail to `address`, waiting for it to arrive. */
    async mailTo(address: string, nth = 1, ms = 5000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const mine = received.filter((m) => m.to.includes(address));
        if (mine.length >= nth) return mine[nth - 1]!;
        if (Date.now() > deadline) throw new Error(`no mail #${nth} to ${address}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset link of a received mail (quoted-printable soft breaks undone). */
export function resetTokenFrom(mail: ReceivedMail): string {
  const text = decodedBody(mail);
  const match = text.match(/\/auth\/reset-password\?token=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error('no reset link in mail');
  return match[1]!;
}

/** The raw message with quoted-printable soft line breaks and '=' escapes undone. */
export const decodedBody = (mail: ReceivedMail): string => mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
