// Billing (member) and the orders desk (staff) as finished screens: axe in both themes, the order
// drawer included, and no sideways scrolling of the page at 375 px.
import { expect, test } from '@playwright/test';
import { ADMIN, signIn, MEMBER } from './helpers';
import { expectAxeCleanInBothThemes, expectNoSidewaysScroll, screenshot } from './page-checks';

test.describe.configure({ timeout: 90_000 });

test('billing: no serious axe violations, light or dark; no sideways scrolling at 375 px', async ({ page }) => {
  await signIn(page, MEMBER, '/billing');
  await expect(page.getByTestId('billing-number').first()).toBeVisible({ timeout: 20_000 });
  await expectAxeCleanInBothThemes(page, 'billing', { shot: 'billing' });

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId('billing-number').first()).toBeVisible();
  await expectNoSidewaysScroll(page, 'billing at 375 px');
  await screenshot(page, 'billing-375');
});

test('orders desk and an order drawer: no serious axe violations, light or dark; no sideways scrolling at 375 px', async ({
  page,
}) => {
  await signIn(page, ADMIN, '/orders');
  await expect(page.getByTestId('order-number').first()).toBeVisible({ timeout: 20_000 });
  await expectAxeCleanInBothThemes(page, 'orders', { shot: 'orders' });
  await page.getByTestId('order-open').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAxeCleanInBothThemes(page, 'order drawer', { shot: 'order-drawer' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId('order-number').first()).toBeVisible();
  await expectNoSidewaysScroll(page, 'orders at 375 px');
  await screenshot(page, 'orders-375');
});
