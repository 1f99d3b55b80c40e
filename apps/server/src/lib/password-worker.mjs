// Child process that computes argon2id hashes for the server, at the lowest CPU priority (the
// parent renices it), so a login flood uses spare CPU and never starves request handling.
// Plain JavaScript: it runs without a TypeScript loader.
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 };

process.on('message', async (msg) => {
  try {
    const result =
      msg.op === 'hash' ? await hash(msg.password, OPTIONS) : await verify(msg.hashed, msg.password).catch(() => false);
    process.send({ id: msg.id, result });
  } catch (err) {
    process.send({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
  }
});
process.on('disconnect', () => process.exit(0));
