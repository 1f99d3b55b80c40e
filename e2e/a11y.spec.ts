import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signIn, MEMBER } from './helpers';
import { expectAxeCleanInBothThemes } from './page-checks';

// Axe's best-practice rules too: the shell and the auth screens meet them.
const check = (page: Page, label: string) => expectAxeCleanInBothThemes(page, label, { bestPractice: true });

test('auth screens have no serious or critical violations, light or dark', async ({ page }) => {
  for (const path of [
    '/auth/login',
    '/auth/login/admin',
    '/auth/registration',
    '/auth/forgot-password',
    '/auth/reset-password?token=abc',
    '/error/404',
    '/privacy',
  ]) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    await check(page, path);
  }
  // With validation messages showing too.
  await page.goto('/auth/registration');
  await page.getByLabel('First name').focus();
  await page.getByLabel('Email').focus();
  await page.getByLabel('Last name').focus();
  await expect(page.getByText('First name is required')).toBeVisible();
  await check(page, 'registration with errors');
});

test('member and admin shells have no serious or critical violations, light or dark', async ({ page }) => {
  await signIn(page, MEMBER);
  await check(page, '/accounts');
  await page.goto('/accounts/profile');
  await expect(page.getByTestId('page-title')).toBeVisible();
  await check(page, '/accounts/profile');
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menu')).toBeVisible();
  await check(page, 'user menu');
  await page.keyboard.press('Escape');
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/auth\/login$/);

  await signIn(page, ADMIN);
  await check(page, '/dashboard');
  await page.goto('/orders');
  await expect(page.getByTestId('orders-table')).toBeVisible();
  await check(page, '/orders');
  await page.getByTestId('toolbar-create').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check(page, 'create dialog');
});
