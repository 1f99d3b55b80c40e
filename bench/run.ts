// npm run bench: every benchmark, each printing ratios against a reference measured in this run.
import { existsSync } from 'node:fs';
import { printFigures, type BenchFigure } from './lib/result.ts';
import { verifyTokenBench } from './verify-token.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const all: BenchFigure[] = [];
/** BENCH_ONLY=ingestion,lighthouse runs only the sections whose title holds one of the words. */
const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((w) => w.trim().toLowerCase())
  .filter(Boolean);

async function section(title: string, run: () => Promise<BenchFigure[]>) {
  if (only.length && !only.some((w) => title.toLowerCase().includes(w))) return;
  try {
    const figures = await run();
    printFigures(title, figures);
    all.push(...figures);
  } catch (err) {
    console.error(`\n== ${title}: failed`, err);
    process.exitCode = 1;
  }
}

/** Benchmarks of other modules, run when present. */
async function optional(file: string, exportName: string, title: string, arg: unknown) {
  if (!existsSync(new URL(file, import.meta.url))) return;
  const mod = (await import(file)) as Record<string, (a: unknown) => Promise<BenchFigure[]>>;
  await section(title, () => mod[exportName]!(arg));
}

await section('Sessions: verify-token', () => verifyTokenBench({ seconds }));
await optional('./web-budget.ts', 'webBudget', 'Web: login route budget', undefined);
await optional('./lighthouse.ts', 'lighthouseBench', 'Web: Lighthouse (mobile preset)', {});
await optional('./ingestion.ts', 'ingestionBench', 'Trading: ingestion', {
  seconds: Number(process.env.BENCH_INGEST_SECONDS ?? 60),
});
await optional('./account-read.ts', 'accountReadBench', 'Trading: account read', {});
await optional('./journal.ts', 'journalBench', 'Trading: journal and CSV export', {});
await optional('./equity-series.ts', 'equitySeriesBench', 'Trading: equity series', {});
await optional('./live-push.ts', 'livePushBench', 'Trading: live updates', {});
await optional('./orders.ts', 'ordersBench', 'Commerce: orders desk and checkout', {});
await optional('./certificates.ts', 'certificatesBench', 'Certificates: public verification', {});
await optional('./payouts.ts', 'payoutsBench', 'Payouts: payout requests', {});
await optional('./audit-log.ts', 'auditLogBench', 'Back office: audit log', {});
await optional('./news-calendar.ts', 'newsCalendarBench', 'News calendar: week query', {});
await optional('./users-admin.ts', 'usersAdminBench', 'Back office: users list', {});
await optional('./dashboard.ts', 'dashboardBench', 'Back office: dashboard', {});

const targeted = all.filter((f) => f.target !== undefined);
const missed = targeted.filter((f) => !f.ok);
console.log(`\n${targeted.length - missed.length} of ${targeted.length} figures meet their targets`);
