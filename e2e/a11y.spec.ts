import { expect, test } from '@playwright/test';
import { ADMIN, signIn, MEMBER } from './helpers';
import { expectNoSeriousViolations } from './page-checks';

// WCAG 2.1 A/AA and best practice, once the splash has gone and the page's animations have ended.
const axe = { bestPractice: true };

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`axe, ${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test('auth screens have no serious or critical violations', async ({ page }) => {
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
        await expectNoSeriousViolations(page, path, axe);
      }
      // With validation messages showing too.
      await page.goto('/auth/registration');
      await page.getByLabel('First name').focus();
      await page.getByLabel('Email').focus();
      await page.getByLabel('Last name').focus();
      await expect(page.getByText('First name is required')).toBeVisible();
      await expectNoSeriousViolations(page, 'registration with errors', axe);
    });

    test('member and admin shells have no serious or critical violations', async ({ page, request }) => {
      // A login history long enough to scroll (other tests' sign-ins make it so sooner or later).
      for (let i = 0; i < 12; i++) {
        const res = await request.post('/api/auth/login', {
          data: { email: MEMBER.email, password: MEMBER.password, userGeolocation: null },
        });
        expect(res.ok()).toBe(true);
      }
      await signIn(page, MEMBER);
      await expectNoSeriousViolations(page, '/accounts', axe);
      await page.goto('/accounts/profile');
      await expect(page.getByTestId('page-title')).toBeVisible();
      await expectNoSeriousViolations(page, '/accounts/profile', axe);
      await page.getByTestId('user-menu').click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoSeriousViolations(page, 'user menu', axe);
      await page.keyboard.press('Escape');
      await page.goto('/logout');
      await expect(page).toHaveURL(/\/auth\/login$/);

      await signIn(page, ADMIN);
      await expectNoSeriousViolations(page, '/dashboard', axe);
      await page.goto('/orders');
      await expect(page.getByTestId('orders-table')).toBeVisible();
      await expectNoSeriousViolations(page, '/orders', axe);
      await page.getByTestId('toolbar-create').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousViolations(page, 'create dialog', axe);
    });
  });
}
