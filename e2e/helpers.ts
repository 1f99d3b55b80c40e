import { expect, type Page } from '@playwright/test';

export const MEMBER = { email: 'member@example.com', password: 'Member123!', firstName: 'Martina' };
export const ADMIN = { email: 'admin@example.com', password: 'Admin123!' };
export const SUPPORT = { email: 'support@example.com', password: 'Support123!' };

type Credentials = { email: string; password: string };

/** Signs in through the login form and waits for the role's home page. For specs about signing in. */
export async function login(page: Page, who: Credentials, path = '/auth/login') {
  await page.goto(path);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/(accounts|dashboard)$/);
}

/**
 * Signs in through the API and stores the session as the login screen would (SPEC §3: `access` and
 * `email`), then opens `path` (the role's home page by default). Specs about a screen start here:
 * the login form costs a page load and a password hash per test, and has its own specs.
 */
export async function signIn(page: Page, who: Credentials, path?: string) {
  const res = await page.request.post('/api/auth/login', {
    data: { email: who.email, password: who.password, userGeolocation: null },
  });
  expect(res.ok(), `sign-in of ${who.email}: HTTP ${res.status()}`).toBe(true);
  const { accessToken } = (await res.json()) as { accessToken: string };
  // A same-origin document that loads nothing, to write the storage on.
  await page.goto('/media/logo-mark.svg');
  await page.evaluate(
    ([token, email]) => {
      localStorage.setItem('access', token);
      localStorage.setItem('email', email);
    },
    [accessToken, who.email] as const,
  );
  await page.goto(path ?? '/');
  // A fresh context's first load parses every chunk cold: slow when both workers load at once.
  await expect(page.getByTestId('page-title')).toBeVisible({ timeout: 30_000 });
}

/** Registers a new member through the API (as the registration screen would) and returns them. */
export async function registerMember(page: Page, prefix = 'member') {
  const who = { email: uniqueEmail(prefix), password: 'Member123!', firstName: 'Test', lastName: 'Member' };
  const res = await page.request.post('/api/auth/register', {
    data: { ...who, role: 'USER' },
  });
  expect(res.ok(), `registration of ${who.email}: HTTP ${res.status()}`).toBe(true);
  return who;
}

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/**
 * Opens `path` inside the running app, as its own links do (the router follows history), without
 * reloading it: for walks through many routes, where a reload per route only repeats the start-up.
 */
export async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
