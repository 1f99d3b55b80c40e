// The browser tests' server: the app (scripts/start.mjs) sending its mail to an SMTP server of its
// own, on loopback. That server accepts every mail, except that it turns away the first delivery to
// each address at outage.example.com with "451 mail system unavailable", a passing failure, and the
// app gives a mail up after one failed delivery (MAIL_MAX_ATTEMPTS=1): a mail given up on, as after
// an outage of a firm's mail server, which a second delivery (once "fixed") gets through.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { SMTPServer } from 'smtp-server';

const OUTAGE = /@outage\.example\.com$/i;
const refusedOnce = new Set();

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, _session, callback) {
    const to = address.address.toLowerCase();
    if (!OUTAGE.test(to) || refusedOnce.has(to)) return callback();
    refusedOnce.add(to);
    callback(Object.assign(new Error(`mail system unavailable: ${to}`), { responseCode: 451 }));
  },
  onData(stream, _session, callback) {
    stream.resume();
    stream.on('end', () => callback());
  },
});
smtp.listen(0, '127.0.0.1');
await once(smtp.server, 'listening');
const { port } = smtp.server.address();

const app = spawn(process.execPath, [new URL('../scripts/start.mjs', import.meta.url).pathname], {
  stdio: 'inherit',
  env: { ...process.env, SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_MAX_ATTEMPTS: '1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.kill(signal));
app.on('exit', (code, signal) => {
  smtp.close(() => process.exit(code ?? (signal ? 1 : 0)));
});
