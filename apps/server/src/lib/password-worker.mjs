// Child process that computes argon2id hashes for the server, at the lowest CPU priority (the
// parent renices it), so a login flood uses spare CPU and never starves request handling.
// Plain JavaScript: it runs without a TypeScript loader.
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * The share of one core hashing may take (argv[2], 0.05–1; 1: no cap). Below 1, requests are worked
 * on one at a time, and after each the next waits until the CPU time spent is that share of the
 * time elapsed.
 * A lone sign-in never waits; one that follows another within its rest waits what is left of it (a
 * password change verifies, then hashes). A flood gets this share and queues the rest, so it
 * lengthens sign-ins instead of every request (decision 041). The parent hands over one request at
 * a time then, so that what waits can still be shed.
 */
const CPU_SHARE = Math.min(1, Math.max(0.05, Number(process.argv[2] ?? 1) || 1));

// A terminal's Ctrl-C or `kill -TERM -- -PGID` reaches the whole process group at once. The server
// shuts down gracefully and still needs this process for the logins it is finishing, so the
// signals are ignored here: the parent ends this process by closing the IPC channel.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {});

const reply = (msg) => {
  if (process.connected) process.send(msg, (err) => err && process.exit(0));
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** When the next request may start: its predecessor's CPU time, stretched to the share. */
let notBefore = 0;

async function work(msg) {
  const wait = notBefore - performance.now();
  if (wait > 0) await sleep(wait);
  const cpu = process.cpuUsage();
  let answer;
  try {
    const result =
      msg.op === 'hash' ? await hash(msg.password, OPTIONS) : await verify(msg.hashed, msg.password).catch(() => false);
    answer = { id: msg.id, result };
  } catch (err) {
    answer = { id: msg.id, error: err instanceof Error ? err.message : String(err) };
  }
  // The rest before the next request, told to the parent: a request waiting it out is not starving.
  let restMs = 0;
  if (CPU_SHARE < 1) {
    const spent = process.cpuUsage(cpu);
    restMs = ((spent.user + spent.system) / 1000) * (1 / CPU_SHARE - 1);
    notBefore = performance.now() + restMs;
  }
  reply({ ...answer, restMs });
}

let queue = Promise.resolve();
process.on('message', (msg) => {
  // Uncapped, requests run side by side on the thread pool, as many as the parent hands over.
  if (CPU_SHARE >= 1) void work(msg);
  else queue = queue.then(() => work(msg));
});
process.on('disconnect', () => process.exit(0));
// Tells the parent that messages are listened to from now on.
reply({ ready: true });
