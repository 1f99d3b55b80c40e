import { expect, test } from '@playwright/test';
import { ADMIN, signIn, MEMBER } from './helpers';
import { expectAxeCleanInBothThemes } from './page-checks';

// WCAG 2.1 A/AA and best practice, once the splash has gone and the page's animations have ended,
// in the light theme and (its colours) in the dark one.
const axe = { bestPractice: true };

const signInScreens = ['/auth/login', '/auth/login/admin', '/auth/registration'];
const otherPublicScreens = ['/auth/forgot-password', '/auth/reset-password?token=abc', '/error/404', '/privacy'];

for (const [name, paths] of [
  ['sign-in screens', signInScreens],
  ['other public screens', otherPublicScreens],
] as const) {
  test(`${name} have no serious or critical violations, light and dark`, async ({ page }) => {
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      await expectAxeCleanInBothThemes(page, path, axe);
    }
  });
}

test('registration with its errors showing has no serious or critical violations, light and dark', async ({ page }) => {
  await page.goto('/auth/registration');
  await page.getByLabel('First name').focus();
  await page.getByLabel('Email').focus();
  await page.getByLabel('Last name').focus();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expectAxeCleanInBothThemes(page, 'registration with errors', axe);
});

test('member shell has no serious or critical violations, light and dark', async ({ page, request }) => {
  // A login history long enough to scroll (other tests' sign-ins make it so sooner or later).
  for (let i = 0; i < 12; i++) {
    const res = await request.post('/api/auth/login', {
      data: { email: MEMBER.email, password: MEMBER.password, userGeolocation: null },
    });
    expect(res.ok()).toBe(true);
  }
  await signIn(page, MEMBER);
  await expectAxeCleanInBothThemes(page, '/accounts', axe);
  await page.goto('/accounts/profile');
  await expect(page.getByTestId('page-title')).toBeVisible();
  await expectAxeCleanInBothThemes(page, '/accounts/profile', axe);
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAxeCleanInBothThemes(page, 'user menu', axe);
});

test('admin shell has no serious or critical violations, light and dark', async ({ page }) => {
  await signIn(page, ADMIN);
  await expectAxeCleanInBothThemes(page, '/dashboard', axe);
  await page.goto('/orders');
  await expect(page.getByTestId('orders-table')).toBeVisible();
  await expectAxeCleanInBothThemes(page, '/orders', axe);
  await page.getByTestId('toolbar-create').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAxeCleanInBothThemes(page, 'create dialog', axe);
});
