import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signIn, MEMBER } from './helpers';

async function seriousViolations(page: Page) {
  // Let the splash fade and transitions settle.
  await expect(page.locator('#splash-screen')).toHaveCount(0, { timeout: 5_000 });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

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
        expect(await seriousViolations(page), path).toEqual([]);
      }
      // With validation messages showing too.
      await page.goto('/auth/registration');
      await page.getByLabel('First name').focus();
      await page.getByLabel('Email').focus();
      await page.getByLabel('Last name').focus();
      await expect(page.getByText('First name is required')).toBeVisible();
      expect(await seriousViolations(page), 'registration with errors').toEqual([]);
    });

    test('member and admin shells have no serious or critical violations', async ({ page }) => {
      await signIn(page, MEMBER);
      expect(await seriousViolations(page), '/accounts').toEqual([]);
      await page.goto('/accounts/profile');
      await expect(page.getByTestId('page-title')).toBeVisible();
      expect(await seriousViolations(page), '/accounts/profile').toEqual([]);
      await page.getByTestId('user-menu').click();
      await expect(page.getByRole('menu')).toBeVisible();
      expect(await seriousViolations(page), 'user menu').toEqual([]);
      await page.keyboard.press('Escape');
      await page.goto('/logout');
      await expect(page).toHaveURL(/\/auth\/login$/);

      await signIn(page, ADMIN);
      expect(await seriousViolations(page), '/dashboard').toEqual([]);
      await page.goto('/orders');
      await expect(page.getByTestId('orders-table')).toBeVisible();
      expect(await seriousViolations(page), '/orders').toEqual([]);
      await page.getByTestId('toolbar-create').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await seriousViolations(page), 'create dialog').toEqual([]);
    });
  });
}
