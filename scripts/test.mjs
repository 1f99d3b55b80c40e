// npm test: every suite this machine can run, then one closing line with the totals.
// - type check and lint first (each one check in the totals)
// - unit, API (embedded PostgreSQL) and web component tests (Vitest)
// - the server suite again on a real PostgreSQL (when its binaries are installed, or TEST_DATABASE_URL is set)
// - browser tests in Chromium (when /usr/bin/chromium, its headless shell or CHROMIUM_PATH exists)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'fp-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const notes = [];
// Names of failed tests, printed again at the very end: a long log is often read from its tail.
const failures = [];
let exitCode = 0;

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) exitCode = 1;
  return r.status;
}

function addVitest(file) {
  if (!existsSync(file)) return notes.push(`no results from ${file}`);
  const j = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += j.numPassedTests;
  totals.failed += j.numFailedTests;
  totals.skipped += j.numPendingTests + j.numTodoTests;
  for (const result of j.testResults ?? []) {
    const where = result.name.replace(root, '');
    const failed = (result.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) {
      const why = String(t.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 300);
      failures.push(`${where} › ${t.fullName ?? t.title}\n    ${why}`);
    }
    // A file that fails before any test runs (an import error) has no failed test of its own.
    if (result.status === 'failed' && failed.length === 0) failures.push(`${where}: ${result.message}`);
  }
}

function addPlaywright(file) {
  if (!existsSync(file)) return notes.push(`no results from ${file}`);
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const s = report.stats;
  totals.passed += s.expected + s.flaky;
  totals.failed += s.unexpected;
  totals.skipped += s.skipped;
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected') failures.push(`${spec.file ?? file} › ${spec.title}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
}

const vitest = (label, out, args, env) =>
  run(
    label,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    env,
  );

// The browser tests run when a Chromium is installed: the headless shell first (playwright.config.ts
// says why), else the full browser.
const chromium =
  process.env.CHROMIUM_PATH ??
  ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ??
  '/usr/bin/chromium';
const browserTests = existsSync(chromium) && existsSync(join(root, 'playwright.config.ts'));

// 0. Guard rails: types and lint (with boundaries and formatting) over the whole tree. Each counts
// as one check in the totals, so a type error or an upward import fails `npm test`. All at once
// (each is one thread; ~35 s and ~80 s from a fresh clone), each one's output printed whole. The
// web app's production build, which the browser tests serve, runs beside them: once the type
// check has finished, the lint alone would leave a core idle, and the browser tests' server then
// finds the build fresh (scripts/start.mjs) instead of making it while everything waits.
const guards = await Promise.all(
  [
    ['Typecheck: tsc for every workspace', 'typecheck'],
    ['Lint: ESLint (layer boundaries included) and Prettier', 'lint'],
    ...(browserTests ? [['Build: the web app (served to the browser tests)', 'build']] : []),
  ].map(
    ([label, script]) =>
      new Promise((resolve) => {
        const child = spawn('npm', ['run', '-s', script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (d) => (output += d));
        child.stderr.on('data', (d) => (output += d));
        child.on('close', (code) => resolve({ label, script, ok: code === 0, output }));
      }),
  ),
);
for (const { label, script, ok, output } of guards) {
  console.log(`\n=== ${label}`);
  process.stdout.write(output);
  totals[ok ? 'passed' : 'failed'] += 1;
  if (!ok) {
    exitCode = 1;
    notes.push(`FAILED: npm run ${script}`);
  }
}

// 1. Everything Vitest runs, on the embedded database.
const unit = join(work, 'vitest.json');
vitest('Vitest: server (embedded PostgreSQL) and web', unit, []);
addVitest(unit);

// 2. The server suite on a real PostgreSQL server.
let pgUrl = process.env.TEST_DATABASE_URL;
let pgStarted = null;
const pgInstalled = existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').length > 0;
if (!pgUrl && pgInstalled) {
  // Not inside `work` (mode 0700): the cluster runs as the postgres user, who must reach it.
  const dir = join(tmpdir(), `fp-pg-${process.pid}-${Date.now()}`);
  // Below the ephemeral range (32768 and up), where an outgoing connection may hold the port.
  const port = String(15000 + Math.floor(Math.random() * 5000));
  const r = spawnSync('bash', ['scripts/pg-test-server.sh', 'start', dir, port], { cwd: root, encoding: 'utf8' });
  if (r.status === 0) {
    pgUrl = r.stdout.trim();
    pgStarted = { dir, port };
  } else {
    notes.push(`could not start PostgreSQL: ${r.stderr.trim()}`);
    exitCode = 1;
  }
}
if (pgUrl) {
  const out = join(work, 'vitest-pg.json');
  vitest(`Vitest: server suite on PostgreSQL (${pgUrl.replace(/\/\/[^@]*@/, '//')})`, out, ['--project', 'server'], {
    TEST_DATABASE_URL: pgUrl,
  });
  addVitest(out);
} else if (!pgInstalled) {
  notes.push(
    'SKIPPED the server suite on a real PostgreSQL: enable it with `apt-get install -y postgresql` (or set TEST_DATABASE_URL)',
  );
}
if (pgStarted) {
  spawnSync('bash', ['scripts/pg-test-server.sh', 'stop', pgStarted.dir, pgStarted.port], { cwd: root });
  rmSync(pgStarted.dir, { recursive: true, force: true });
}

// 3. Browser tests.
if (browserTests) {
  const out = join(work, 'playwright.json');
  run('Playwright: browser tests in Chromium', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    CHROMIUM_PATH: chromium,
  });
  addPlaywright(out);
} else if (!existsSync(chromium)) {
  notes.push('SKIPPED the browser tests: enable them with `apt-get install -y chromium chromium-headless-shell`');
}

rmSync(work, { recursive: true, force: true });
console.log('');
for (const n of notes) console.log(n);
for (const f of failures) console.log(`FAILED: ${f}`);
if (totals.failed > 0) exitCode = 1;
console.log(`total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
