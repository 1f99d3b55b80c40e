// Run by process-exit.test.ts in a child process: starts a runner with a worker, a schedule and a
// job in flight, then closes the database — after stopping the runner (as on SIGTERM), or without
// (a runner someone forgot) — and lets the process end by itself. Prints the milliseconds from the
// last step to the exit. The database: PostgreSQL at FIXTURE_DATABASE_URL, else PGlite in memory.
import { openDatabase } from '../db/client.ts';
import { createJobs } from './create-jobs.ts';
import { recordingLog } from './jobs-test-support.ts';

const mode = process.argv[2];
const database = await openDatabase({ url: process.env.FIXTURE_DATABASE_URL, dataDir: 'memory://' });
const jobs = createJobs(database, recordingLog().log, { pollIntervalSeconds: 0.2 });
let started = false;
jobs.work('exit-check', async () => {
  started = true;
  await new Promise((r) => setTimeout(r, 300));
});
jobs.schedule('exit-check', '* * * * *');
await jobs.start();
await jobs.send('exit-check', {});
while (!started) await new Promise((r) => setTimeout(r, 10));

if (mode === 'stop') await jobs.stop();
// The database is closed either way: PGlite's own timers (PostgreSQL's statistics flush, armed by
// any statement that reads a table) and a pool's idle connections hold the process until then.
await database.close();
const last = Date.now();
process.on('exit', () => console.log(JSON.stringify({ exitAfterMs: Date.now() - last })));
