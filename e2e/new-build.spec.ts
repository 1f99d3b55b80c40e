import { expect, test } from '@playwright/test';
import { MEMBER, signIn } from './helpers';
import { expectAxeCleanInBothThemes } from './page-checks';

// A tab opened before a deployment asks for a page's code the server no longer has (its hashed
// file is gone with the previous build): the app reloads once at that address and shows the page,
// instead of the router's developer error. When the code stays missing it says so, translated.
test('after a deployment, the next page of an open tab loads from the new build', async ({ page }) => {
  await signIn(page, MEMBER);
  let refused = 0;
  // The previous build's file: missing once, as after a deployment; the reload gets the page.
  await page.route('**/assets/billing-page-*.js', (route) =>
    refused++ === 0 ? route.fulfill({ status: 404, body: 'not found' }) : route.continue(),
  );
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  await page.getByRole('link', { name: 'Billing' }).first().click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByTestId('page-title')).toHaveText(/Billing/, { timeout: 30_000 });
  expect(loads.some((u) => u.endsWith('/billing'))).toBe(true);
  expect(refused).toBeGreaterThanOrEqual(2);
});

test('a page whose code stays missing is explained in the reader’s language, with a reload', async ({ page }) => {
  await signIn(page, MEMBER);
  await page.route('**/assets/billing-page-*.js', (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.evaluate(() => localStorage.setItem('i18nConfig', JSON.stringify({ selectedLang: 'fr' })));
  await page.reload();
  await expect(page.getByTestId('page-title')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Facturation' }).first().click();
  // One reload for a new build, then the explanation: no loop.
  await expect(page.getByRole('heading', { name: 'Cette page n’a pas pu s’ouvrir' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Recharger la page' })).toBeVisible();
  await expect(page).toHaveURL(/\/billing$/);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAxeCleanInBothThemes(page, 'the page error', { shot: 'page-error' });
});
