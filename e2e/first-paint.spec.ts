// /accounts' first paint is drawn by the server (decision 037): with a stored session the page
// shows the member's accounts before the app's JavaScript has loaded, in their language and theme;
// the app then draws the same page in its place, and a click made meanwhile is made on the app.
import { expect, test, type Page } from '@playwright/test';
import { MEMBER, signIn } from './helpers';
import { screenshot } from './page-checks';

/** Holds the app's modules until `release` is called: the visitor meets the server's copy alone. */
async function holdApp(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/(?!first-paint-boot|session-prefetch).*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

function watchProblems(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (['error', 'warning'].includes(m.type())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(String(e)));
  return problems;
}

test('the server draws the accounts before the JavaScript, and the app takes over unseen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, MEMBER, '/accounts');
  const appCards = page.locator('#root [data-testid="account-card"]');
  await expect(appCards.first()).toBeVisible();
  const names = await page.locator('#root [data-testid="account-name"]').allTextContents();
  await page.evaluate(() => {
    localStorage.setItem('i18nConfig', JSON.stringify({ selectedLang: 'ja' }));
    localStorage.setItem('kt_theme_mode_menu', 'dark');
  });

  const problems = watchProblems(page);
  // Until the app has drawn its page (later refetches are the app's usual ones).
  const sent: string[] = [];
  let recording = true;
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (recording && path.startsWith('/api/')) sent.push(path);
  });
  const release = await holdApp(page);
  await page.reload();
  const copy = page.locator('#first-paint');
  await expect(copy.getByTestId('account-card').first()).toBeVisible();
  await expect(copy.getByTestId('page-title')).toHaveText('口座');
  expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
  // The same accounts in the same order as the app shows them.
  const copied = await copy.getByTestId('account-name').allTextContents();
  expect(copied).toEqual(names.slice(0, copied.length));
  expect(copied.length).toBeGreaterThan(0);
  await expect(page.locator('#root')).toBeEmpty();
  await screenshot(page, 'first-paint-copy-ja-dark-375', false);

  release();
  await expect(copy).toHaveCount(0);
  recording = false;
  await expect(appCards.first()).toBeVisible();
  expect(await page.locator('#root [data-testid="account-name"]').allTextContents()).toEqual(names);
  await expect(page.getByTestId('page-title')).toHaveText('口座');
  expect(problems).toEqual([]);
  // The session's check and the drawing, once each; the user, the config and the accounts came
  // with the drawing, and the app did not ask for them again.
  const count = (path: string) => sent.filter((p) => p === path).length;
  expect(count('/api/auth/verify-token')).toBeGreaterThanOrEqual(1);
  expect(count('/api/first-paint')).toBe(1);
  for (const path of [`/api/user/${encodeURIComponent(MEMBER.email)}`, '/api/config', '/api/accounts']) {
    expect(count(path), path).toBe(0);
  }
});

test('a click on the copy is made on the app once it has taken over', async ({ page }) => {
  await signIn(page, MEMBER, '/accounts');
  const release = await holdApp(page);
  await page.reload();
  const copy = page.locator('#first-paint');
  const card = copy.getByTestId('account-card').first();
  await expect(card).toBeVisible();
  const name = await card.getByTestId('account-name').textContent();
  await card.getByTestId('account-open').click();
  // The browser did not leave the page; the app opens the overview of that account when it starts.
  await expect(page).toHaveURL(/\/accounts$/);
  release();
  await expect(page).toHaveURL(/\/accounts\/account-overview$/);
  await expect(page.getByTestId('page-title')).toBeVisible();
  await expect(page.getByText(name!).first()).toBeVisible();
});
