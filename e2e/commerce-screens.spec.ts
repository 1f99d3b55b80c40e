// Billing (member) and the orders desk (staff) as finished screens: axe in both themes, the order
// drawer included, and no sideways scrolling of the page at 375 px.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { ADMIN, signIn, MEMBER } from './helpers';

test.describe.configure({ timeout: 90_000 });

async function screenshot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png` });
}

async function seriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const found = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
  expect(found, label).toEqual([]);
}

const noSidewaysScroll = async (page: Page, label: string) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    label,
  ).toBeLessThanOrEqual(0);

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test('billing: no serious axe violations', async ({ page }) => {
      await signIn(page, MEMBER, '/billing');
      await expect(page.getByTestId('billing-number').first()).toBeVisible({ timeout: 20_000 });
      await seriousViolations(page, `billing ${scheme}`);
      await screenshot(page, `billing-${scheme}`);
    });

    test('orders desk and an order drawer: no serious axe violations', async ({ page }) => {
      await signIn(page, ADMIN, '/orders');
      await expect(page.getByTestId('order-number').first()).toBeVisible({ timeout: 20_000 });
      await seriousViolations(page, `orders ${scheme}`);
      await screenshot(page, `orders-${scheme}`);
      await page.getByTestId('order-open').first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.waitForTimeout(400); // the drawer's slide-in, so colours are measured at rest
      await seriousViolations(page, `order drawer ${scheme}`);
      await screenshot(page, `order-drawer-${scheme}`);
    });
  });
}

test('usable at 375 px: billing does not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, MEMBER, '/billing');
  await expect(page.getByTestId('billing-number').first()).toBeVisible({ timeout: 20_000 });
  await noSidewaysScroll(page, 'billing');
  await screenshot(page, 'billing-375');
});

test('usable at 375 px: the orders desk does not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, ADMIN, '/orders');
  await expect(page.getByTestId('order-number').first()).toBeVisible({ timeout: 20_000 });
  await noSidewaysScroll(page, 'orders');
  await screenshot(page, 'orders-375');
});
