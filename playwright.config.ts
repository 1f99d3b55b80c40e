import { defineConfig, devices } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 3197);
// Debian's headless shell when installed (apt-get install chromium-headless-shell): the full browser
// in headless mode also renders its own window UI and composites every frame, about twice the CPU.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const BASE_URL = `http://127.0.0.1:${PORT}`;
// A fresh database for every run.
const DATA_DIR = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'e2e-data-'));

export default defineConfig({
  testDir: './e2e',
  // The walk-through specs visit 15+ routes each; 2 workers share 2 cores with the server. On a
  // machine whose page faults are slow (some virtual machines: ~15 µs per first touch of a page),
  // the axe walks take 60–90 s while a heavy spec runs beside them. One budget for every test: the
  // specs' own (90–150 s, set when this was lower) had become the strictest, not the most generous.
  timeout: 180_000,
  // Generous: two browsers and the server share two cores, and CI machines can be slower still.
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    // As a visitor who asked for less motion, which the app honours (Mantine's respectReducedMotion,
    // global.css, the splash): no fades, slides or skeleton pulses to composite frame by frame in
    // software, a quarter of the run's time on two cores. The specs about the first paint and the
    // sign-in (login-prerender, auth-flow) keep the motion a visitor sees by default.
    reducedMotion: 'reduce',
    viewport: { width: 1366, height: 850 },
    // Debian's Chromium: nothing is downloaded.
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 850 } } }],
  webServer: {
    // The app with an SMTP server of its own (e2e/serve.mjs says how it answers).
    command: 'node e2e/serve.mjs',
    url: `${BASE_URL}/api/config`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      LOG_LEVEL: 'warn',
      // No internet here: a local port that refuses at once, so the client falls back to null.
      GEOLOCATION_URL: `http://127.0.0.1:${PORT}/__no_geolocation__`,
      // Generous limits: the suite logs in many times from one address.
      RATE_LIMIT_LOGIN_PER_IP: '1000',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
      // The browsers, not the server's own requests, compete with hashing here.
      PASSWORD_HASH_PRIORITY: 'normal',
    },
  },
});
