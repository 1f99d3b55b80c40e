// Lighthouse 12 (mobile preset: simulated slow 4G and a 4× slower CPU) on /auth/login and a
// signed-in page, against the bare Vite + React page of the web budget, built and served in this
// run by the same static-file code (plugins/spa.ts). Targets: LCP ≤ 1.5× the bare page's; the
// login route's cold load ≤ 250 KiB transferred. Performance scores and LCPs are printed as they are.
// Rounds are interleaved (bare, login, signed-in) and medians taken; a new round starts only while
// the section stays within BENCH_LIGHTHOUSE_SECONDS (default 120). Chromium: CHROME_PATH, else
// /usr/bin/chromium. BENCH_LIGHTHOUSE_REPORTS=<dir> keeps every report (Lighthouse viewer JSON).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STORAGE_KEYS } from '@app/contracts/constants';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { precompress } from '../apps/web/vite-plugins.ts';
import { root, startAppServer, startSpaServer, type Proc } from './lib/processes.ts';
import type { BenchFigure } from './lib/result.ts';
import { buildBarePage, buildWebApp } from './web-budget.ts';

const MEMBER = { email: 'member@example.com', password: 'Member123!' };
const SIGNED_IN_PATH = '/accounts';
const LCP_RATIO_TARGET = 1.5;
const LOGIN_KIB_TARGET = 250;

interface Run {
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
  transferred: number;
  cssTransferred: number;
  cssResource: number;
  requests: number;
  urls: string[];
  lhr: Result;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

function summarise(lhr: Result): Run {
  const audit = (id: string) => lhr.audits[id]!;
  const items = ((audit('network-requests').details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter(
    (i) => !i.url.startsWith('data:'),
  );
  const css = items.filter((i) => i.resourceType === 'Stylesheet');
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: audit('largest-contentful-paint').numericValue ?? NaN,
    fcp: audit('first-contentful-paint').numericValue ?? NaN,
    tbt: audit('total-blocking-time').numericValue ?? NaN,
    transferred: items.reduce((n, i) => n + (i.transferSize ?? 0), 0),
    cssTransferred: css.reduce((n, i) => n + (i.transferSize ?? 0), 0),
    cssResource: css.reduce((n, i) => n + (i.resourceSize ?? 0), 0),
    requests: items.length,
    urls: items.map((i) => i.url),
    lhr,
  };
}

/** What Lighthouse says dominates a page's LCP: its phases and the top opportunities. */
function diagnostics(lhr: Result): string {
  const parts: string[] = [];
  const breakdown = lhr.audits['lcp-breakdown-insight'] ?? lhr.audits['largest-contentful-paint-element'];
  const table = (breakdown?.details as { items?: Array<{ items?: Array<Record<string, unknown>> }> } | undefined)
    ?.items;
  const phases = table?.find((t) => t.items?.some((r) => 'subpart' in r || 'phase' in r))?.items;
  if (phases) {
    parts.push(
      phases
        .map((r) => `${String(r.label ?? r.subpart ?? r.phase)} ${Math.round(Number(r.duration ?? r.timing ?? 0))} ms`)
        .join(', '),
    );
  }
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.numericValue ?? 0) > 0)
    .sort((a, b) => (b.numericValue ?? 0) - (a.numericValue ?? 0))
    .slice(0, 3)
    .map((a) => `${a.title} (${a.displayValue ?? Math.round(a.numericValue ?? 0)})`);
  if (opportunities.length) parts.push(opportunities.join('; '));
  return parts.join(' | ');
}

async function audit(browser: Browser, url: string, opts: { signedIn?: string }): Promise<Run> {
  const page = await browser.newPage();
  try {
    const flags: Flags = {
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance'],
      maxWaitForLoad: 20_000,
    };
    // Every load starts cold and from the same storage: the origin's storage and the HTTP cache are
    // emptied here (Lighthouse's own reset keeps localStorage, where a session lives), then a
    // signed-in load gets its session.
    const origin = new URL(url).origin;
    await page.goto(`${origin}/favicon.ico`);
    const cdp = await page.createCDPSession();
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    if (opts.signedIn) {
      await page.evaluate(
        (keys, token, email) => {
          localStorage.setItem(keys.access, token);
          localStorage.setItem(keys.email, email);
        },
        STORAGE_KEYS,
        opts.signedIn,
        MEMBER.email,
      );
    }
    flags.disableStorageReset = true;
    const result = await lighthouse(url, flags, undefined, page);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
    if (reports) {
      mkdirSync(reports, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_') || '_'}-${new URL(url).port}-${Date.now()}.json`;
      writeFileSync(join(reports, name), JSON.stringify(result.lhr));
    }
    return summarise(result.lhr);
  } finally {
    await page.close();
  }
}

/**
 * The bodies' share of a load's transferred bytes (the rest is response headers): each same-origin
 * URL asked again with HEAD and the Accept-Encoding Chromium sends, summing content-length.
 */
async function bodyBytes(run: Run, origin: string): Promise<number> {
  let total = 0;
  for (const url of new Set(run.urls.filter((u) => u.startsWith(origin)))) {
    const res = await fetch(url, { method: 'HEAD', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    total += Number(res.headers.get('content-length') ?? 0);
  }
  return total;
}

async function signIn(app: Proc): Promise<string> {
  const res = await fetch(`${app.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...MEMBER, userGeolocation: null }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

export async function lighthouseBench(opts: { runs?: number } = {}): Promise<BenchFigure[]> {
  const runs = opts.runs ?? Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
  const budgetMs = Number(process.env.BENCH_LIGHTHOUSE_SECONDS ?? 120) * 1000;
  const started = Date.now();
  let lastRound = 0;
  await buildWebApp();
  // Inside the repository, so that the page resolves the workspace's React.
  const bareDir = join(root, 'node_modules/.cache/lighthouse-bare');
  const dataDir = mkdtempSync(join(tmpdir(), 'fp-bench-lh-'));
  const stops: Array<() => Promise<unknown>> = [];
  try {
    const { outDir: bareOut } = await buildBarePage(bareDir, [precompress()]);
    const [bare, app] = await Promise.all([
      startSpaServer(bareOut),
      startAppServer({ DATA_DIR: dataDir, DEMO_DATA: 'true', LOG_LEVEL: 'error' }),
    ]);
    stops.push(bare.stop, app.stop);
    const token = await signIn(app);
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: [
        '--headless=new',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      ],
    });
    stops.push(async () => chrome.kill());
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    stops.push(() => browser.disconnect());

    // Rounds interleaved, so that every page sees the same machine.
    const pages = {
      bare: { url: `${bare.url}/`, runs: [] as Run[] },
      login: { url: `${app.url}/auth/login`, runs: [] as Run[] },
      signedIn: { url: `${app.url}${SIGNED_IN_PATH}`, runs: [] as Run[], signedIn: token },
    };
    let rounds = 0;
    for (let round = 0; round < runs; round++) {
      const roundStart = Date.now();
      if (round > 0 && roundStart - started + lastRound > budgetMs) break;
      rounds++;
      for (const p of Object.values(pages)) {
        const signedIn = 'signedIn' in p ? p.signedIn : undefined;
        // A trace Lighthouse could not read (NO_NAVSTART now and then) is retried once.
        p.runs.push(await audit(browser, p.url, { signedIn }).catch(() => audit(browser, p.url, { signedIn })));
      }
      lastRound = Date.now() - roundStart;
    }
    const seconds = Math.round((Date.now() - started) / 1000);

    const lcp = (p: { runs: Run[] }) => median(p.runs.map((r) => r.lcp));
    const score = (p: { runs: Run[] }) => median(p.runs.map((r) => r.score));
    const bareLcp = lcp(pages.bare);
    const describe = (p: { runs: Run[] }) => {
      const r = p.runs[0]!;
      return `score ${score(p)} (runs ${p.runs.map((x) => x.score).join('/')}), LCP ${Math.round(lcp(p))} ms, FCP ${Math.round(median(p.runs.map((x) => x.fcp)))} ms, TBT ${Math.round(median(p.runs.map((x) => x.tbt)))} ms, ${r.requests} requests, ${(r.transferred / 1024).toFixed(1)} KiB transferred`;
    };
    const ratioFigure = (name: string, p: { runs: Run[] }): BenchFigure => {
      const ratio = lcp(p) / bareLcp;
      const ok = ratio <= LCP_RATIO_TARGET;
      return {
        name: `${name} LCP ÷ bare page LCP`,
        value: Math.round(ratio * 100) / 100,
        unit: 'x',
        target: `<= ${LCP_RATIO_TARGET}`,
        ok,
        detail: `${describe(p)}${ok ? '' : ` — ${diagnostics(p.runs[0]!.lhr)}`}`,
      };
    };
    const login = pages.login.runs[0]!;
    const loginBodies = await bodyBytes(login, app.url);
    const loginKib = median(pages.login.runs.map((r) => r.transferred)) / 1024;
    return [
      {
        name: 'bare Vite + React page (reference)',
        value: Math.round(bareLcp),
        unit: 'ms LCP',
        target: 'reference',
        ok: true,
        detail: `${describe(pages.bare)}; median of ${rounds} rounds, mobile preset, section ${seconds} s`,
      },
      ratioFigure('/auth/login', pages.login),
      ratioFigure(`signed-in ${SIGNED_IN_PATH}`, pages.signedIn),
      {
        name: '/auth/login cold load, transferred',
        value: Math.round(loginKib * 10) / 10,
        unit: 'KiB',
        target: `<= ${LOGIN_KIB_TARGET}`,
        ok: loginKib <= LOGIN_KIB_TARGET,
        detail: `${login.requests} requests: bodies ${(loginBodies / 1024).toFixed(1)} KiB, response headers ${((login.transferred - loginBodies) / 1024).toFixed(1)} KiB; CSS ${(login.cssTransferred / 1024).toFixed(1)} KiB transferred, ${(login.cssResource / 1024).toFixed(1)} KiB decoded`,
      },
    ];
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    rmSync(bareDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { printFigures } = await import('./lib/result.ts');
  printFigures('Web: Lighthouse (mobile)', await lighthouseBench());
}
