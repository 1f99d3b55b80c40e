import { expect, test } from '@playwright/test';

test('the login screen is served by the real server', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { name: 'Access the Member Area' })).toBeVisible();
  await expect(page.getByTestId('tagline')).toHaveText('Your funding platform. All you need is here!');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
