// Billing (member) and the orders desk (staff) as finished screens: axe in both themes, the order
// drawer included, and no sideways scrolling of the page at 375 px.
import { expect, test } from '@playwright/test';
import { ADMIN, signIn, MEMBER } from './helpers';
import {
  expectAxeCleanInBothThemes,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  screenshot,
} from './page-checks';

test('billing: no serious axe violations, light and dark', async ({ page }) => {
  await signIn(page, MEMBER, '/billing');
  await expect(page.getByTestId('billing-number').first()).toBeVisible({ timeout: 20_000 });
  await expectAxeCleanInBothThemes(page, 'billing', { shot: 'billing', fullPage: false });
});

test('orders desk and an order drawer: no serious axe violations, light and dark', async ({ page }) => {
  await signIn(page, ADMIN, '/orders');
  await expect(page.getByTestId('order-number').first()).toBeVisible({ timeout: 20_000 });
  await expectAxeCleanInBothThemes(page, 'orders', { shot: 'orders', fullPage: false });
  await page.getByTestId('order-open').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAxeCleanInBothThemes(page, 'order drawer', { shot: 'order-drawer', fullPage: false });
});

test('usable at 375 px: billing does not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, MEMBER, '/billing');
  await expect(page.getByTestId('billing-number').first()).toBeVisible({ timeout: 20_000 });
  await expectNoSidewaysScroll(page, 'billing');
  await screenshot(page, 'billing-375', false);
});

test('usable at 375 px: the orders desk does not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, ADMIN, '/orders');
  await expect(page.getByTestId('order-number').first()).toBeVisible({ timeout: 20_000 });
  await expectNoSidewaysScroll(page, 'orders');
  await screenshot(page, 'orders-375', false);
  // The filters fold under one button, so the list starts on the first screen; search and export stay.
  await expect(page.getByTestId('order-search')).toBeVisible();
  await expect(page.getByTestId('order-export')).toBeVisible();
  await expect(page.getByTestId('order-status-filter')).toBeHidden();
  await expectNoSeriousViolations(page, 'orders at 375 px, filters folded');
  await page.getByTestId('order-filters-toggle').click();
  await page.getByTestId('order-status-filter').selectOption('paid');
  await expect(page.getByTestId('order-filters-toggle')).toHaveText('Filters (1)');
  await expect(page).toHaveURL(/status=paid/);
  await expectNoSidewaysScroll(page, 'orders, filters open');
});
