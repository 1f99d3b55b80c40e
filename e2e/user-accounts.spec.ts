// A member's trading accounts as staff see them: ADMIN opens them from the users list and reinstates
// the demo member's failed account with a reason; SUPPORT sees the same list without actions.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, login, MEMBER, SUPPORT } from './helpers';
import { expectNoSeriousViolations, screenshot } from './page-checks';

test.describe.configure({ timeout: 120_000 });

async function openMemberAccounts(page: Page) {
  await page.goto(`/users?q=${encodeURIComponent(MEMBER.email)}`);
  await page.getByTestId('user-accounts-link').first().click();
  await expect(page).toHaveURL(/\/users\/[0-9a-f-]+\/trading-accounts$/);
  await expect(page.getByTestId('user-accounts')).toBeVisible({ timeout: 20_000 });
}

test('ADMIN reinstates the member’s failed account with a reason', async ({ page }) => {
  await login(page, ADMIN);
  await openMemberAccounts(page);
  await expectNoSeriousViolations(page, 'user accounts light');
  await screenshot(page, 'user-accounts-light');
  const failedRow = page.getByRole('row').filter({ hasText: 'Failed' }).first();
  await expect(failedRow).toContainText('Max daily loss breached');
  const login_ = (await failedRow.getAttribute('data-testid'))!.replace('user-account-', '');
  await failedRow.getByRole('button', { name: `Actions for account ${login_}` }).click();
  await page.getByRole('menuitem', { name: 'Reinstate' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('override-confirm')).toBeDisabled();
  await dialog.getByTestId('override-reason').fill('Spread spike at the rollover, confirmed by the broker');
  await dialog.getByTestId('override-confirm').click();
  await expect(page.getByTestId(`user-account-${login_}`)).toContainText('Active');
});

test('SUPPORT sees the accounts read-only, in the dark theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await login(page, SUPPORT);
  await openMemberAccounts(page);
  await expect(page.getByRole('button', { name: /^Actions for account/ })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'user accounts dark');
  await screenshot(page, 'user-accounts-dark');
});
