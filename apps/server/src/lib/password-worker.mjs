// Child process that computes argon2id hashes for the server, at the lowest CPU priority (the
// parent renices it), so a login flood uses spare CPU and never starves request handling.
// Plain JavaScript: it runs without a TypeScript loader.
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 };

// A terminal's Ctrl-C or `kill -TERM -- -PGID` reaches the whole process group at once. The server
// shuts down gracefully and still needs this process for the logins it is finishing, so the
// signals are ignored here: the parent ends this process by closing the IPC channel.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {});

const reply = (msg) => {
  if (process.connected) process.send(msg, (err) => err && process.exit(0));
};

process.on('message', async (msg) => {
  try {
    const result =
      msg.op === 'hash' ? await hash(msg.password, OPTIONS) : await verify(msg.hashed, msg.password).catch(() => false);
    reply({ id: msg.id, result });
  } catch (err) {
    reply({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
  }
});
process.on('disconnect', () => process.exit(0));
// Tells the parent that messages are listened to from now on.
reply({ ready: true });
