import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * How long a test waits for a mail: many arrive through two background jobs (the request's job,
 * then the outbox delivery), each picked up on its queue's poll; on a loaded machine 5 s was not
 * always enough. The wait ends as soon as the mail is there.
 */
const MAIL_WAIT_MS = 15_000;

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** How the server misbehaves, for tests of delivery failures. */
export interface SmtpSinkOptions {
  /** Recipients answered "550 mailbox unavailable" (a permanent refusal). */
  refuseRecipients?: RegExp;
  /** Every login answered "535 authentication failed" (a wrong password in SMTP_URL). */
  refuseLogins?: boolean;
}

/** A real SMTP server on loopback that keeps what it receives. */
export async function startSmtpSink(options: SmtpSinkOptions = {}) {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: !options.refuseLogins,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(_auth, _session, callback) {
      if (options.refuseLogins) return callback(new Error('authentication failed'));
      callback(null, { user: 'test' });
    },
    onRcptTo(address, _session, callback) {
      if (!options.refuseRecipients?.test(address.address)) return callback();
      callback(Object.assign(new Error(`mailbox unavailable: ${address.address}`), { responseCode: 550 }));
    },
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
    async waitFor(count: number, ms = MAIL_WAIT_MS) {
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
    async mailTo(address: string, nth = 1, ms = MAIL_WAIT_MS) {
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

/** Decodes quoted-printable (soft breaks and =XX escapes) to bytes. */
const fromQuotedPrintable = (s: string): Buffer => {
  const bytes: number[] = [];
  const text = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
  }
  return Buffer.from(bytes);
};

/** The Subject header as the reader sees it: folded lines joined, RFC 2047 words (UTF-8, B or Q) decoded. */
export function subjectOf(mail: ReceivedMail): string {
  const head = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
  const value = /^Subject: (.*(?:\r\n[ \t].*)*)/im.exec(head)?.[1] ?? '';
  // Whitespace between two encoded words is not part of the text (RFC 2047 §6.2).
  const joined = value.replace(/\r\n([ \t])/g, '$1').replace(/\?=\s+=\?/g, '?==?');
  // Adjacent words are decoded together: a character's bytes may be split across two of them.
  return joined.replace(/(?:=\?utf-8\?[bq]\?[^?]*\?=)+/gi, (run) =>
    Buffer.concat(
      [...run.matchAll(/=\?utf-8\?([bq])\?([^?]*)\?=/gi)].map(([, kind, text]) =>
        kind!.toLowerCase() === 'b' ? Buffer.from(text!, 'base64') : fromQuotedPrintable(text!.replace(/_/g, ' ')),
      ),
    ).toString('utf8'),
  );
}

/** The text/plain part, its transfer encoding (quoted-printable, base64 or none) undone. */
export function textOf(mail: ReceivedMail): string {
  const at = mail.raw.search(/^Content-Type: text\/plain/im);
  if (at < 0) throw new Error('no text/plain part');
  const headEnd = mail.raw.indexOf('\r\n\r\n', at);
  const head = mail.raw.slice(at, headEnd);
  const rest = mail.raw.slice(headEnd + 4);
  const end = rest.search(/\r\n--/);
  const body = end < 0 ? rest : rest.slice(0, end);
  const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return fromQuotedPrintable(body).toString('utf8');
  return body;
}
