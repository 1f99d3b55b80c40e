import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signIn, SUPPORT } from './helpers';
import { expectAxeCleanInBothThemes, screenshot } from './page-checks';

const NAME = `Audited bridge ${Date.now().toString(36)}`;

async function openAuditLog(page: Page) {
  await page.getByTestId('sidebar').getByRole('link', { name: 'Audit log', exact: true }).click();
  await expect(page).toHaveURL(/\/audit-log$/);
  await expect(page.getByTestId('page-title')).toHaveText('Audit log');
}

test('a staff write appears in the audit log with who made it and what it changed', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.getByTestId('sidebar').getByRole('link', { name: 'Integrations', exact: true }).click();
  await page.getByTestId('connector-new').click();
  const dialog = page.getByRole('dialog', { name: 'New connector' });
  await dialog.getByLabel('Name').fill(NAME);
  await dialog.getByRole('button', { name: 'Create connector' }).click();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Its id, to find its own entry (other runs create connectors at the same time).
  const id = await page.evaluate(async (name) => {
    const res = await fetch(`/api/admin/connectors?q=${encodeURIComponent(name)}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('access')}` },
    });
    return ((await res.json()) as { items: Array<{ id: string }> }).items[0]!.id;
  }, NAME);

  await openAuditLog(page);
  await page.getByTestId('audit-action-filter').selectOption('connector.create');
  await expect(page).toHaveURL(/action=connector\.create/);
  await page.getByTestId('audit-target-id').fill(id);
  await expect(page).toHaveURL(new RegExp(`targetId=${id}`));
  await expect(page.getByTestId('audit-table').getByTestId('audit-open')).toHaveCount(1);
  const table = page.getByTestId('audit-table');
  const first = table.getByRole('row').nth(1);
  await expect(first).toContainText(ADMIN.email);
  await expect(first.getByTestId('audit-action')).toHaveText('Connector created');

  await first.getByTestId('audit-open').click();
  const drawer = page.getByTestId('audit-drawer');
  await expect(drawer.getByTestId('audit-diff')).toContainText(NAME);
  await screenshot(page, 'audit-log-drawer', false);
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);

  // The filter survives a reload: it lives in the URL.
  await page.reload();
  await expect(page.getByTestId('audit-action-filter')).toHaveValue('connector.create');
});

test('SUPPORT reads the log; no serious axe violations, light and dark', async ({ page }) => {
  await signIn(page, SUPPORT);
  await openAuditLog(page);
  await expect(page.getByTestId('audit-table').getByRole('row').nth(1)).toBeVisible();
  await expectAxeCleanInBothThemes(page, 'audit log', { shot: 'audit-log', fullPage: false });
});

test('usable at 375 px: the page does not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, ADMIN, '/audit-log');
  await expect(page.getByTestId('audit-table').getByRole('row').nth(1)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await screenshot(page, 'audit-log-375', false);
});
