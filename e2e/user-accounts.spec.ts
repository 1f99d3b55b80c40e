// A member's trading accounts as staff see them: ADMIN opens them from the users list, is offered to
// reinstate the failed one and closes an account with a reason; SUPPORT sees the list without actions.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signIn, MEMBER, SUPPORT } from './helpers';
import { expectNoSeriousViolations, screenshot } from './page-checks';

test.describe.configure({ timeout: 120_000 });

async function openMemberAccounts(page: Page) {
  await page.goto(`/users?q=${encodeURIComponent(MEMBER.email)}`);
  await page.getByTestId('user-accounts-link').first().click();
  await expect(page).toHaveURL(/\/users\/[0-9a-f-]+\/trading-accounts$/);
  await expect(page.getByTestId('user-accounts')).toBeVisible({ timeout: 20_000 });
}

test('ADMIN is offered to reinstate a failed account and closes one with a reason', async ({ page }) => {
  await signIn(page, ADMIN);
  // An account of the test's own, so the demo accounts other specs read stay as they are.
  const token = await page.evaluate(() => localStorage.getItem('access'));
  const headers = { authorization: `Bearer ${token}` };
  const { challenges } = await (await page.request.get('/api/admin/challenges?status=active', { headers })).json();
  const created = await page.request.post('/api/admin/accounts', {
    headers,
    data: { email: MEMBER.email, challengeId: challenges[0].id },
  });
  expect(created.status()).toBe(201);
  const { account } = await created.json();

  await openMemberAccounts(page);
  await expectNoSeriousViolations(page, 'user accounts light');
  await screenshot(page, 'user-accounts-light');
  // The demo member's failed account shows its breach and offers reinstatement.
  const failedRow = page.getByRole('row').filter({ hasText: 'Failed' }).first();
  await expect(failedRow).toContainText('Max daily loss breached');
  await failedRow.getByRole('button', { name: /^Actions for account/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Reinstate' })).toBeVisible();
  await page.keyboard.press('Escape');
  // Its report: the member's overview and evidence, read through the staff routes.
  await failedRow.getByRole('link', { name: /^Report of / }).click();
  await expect(page).toHaveURL(/\/view-report$/);
  await expect(page.getByTestId('staff-report')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('account-bar')).toContainText('Failed');
  await expect(page.getByTestId('objectives-table')).toBeVisible();
  await expect(page.getByTestId('journal-row').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'account report light');
  await screenshot(page, 'account-report-light');
  await page.goBack();

  const row = page.getByTestId(`user-account-${account.login}`);
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: `Actions for account ${account.login}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Reinstate' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Close account' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('override-confirm')).toBeDisabled();
  await dialog.getByTestId('override-reason').fill('Opened by mistake, duplicate of an existing account');
  await dialog.getByTestId('override-confirm').click();
  await expect(row).toContainText('Closed');
});

test('SUPPORT sees the accounts read-only, in the dark theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(page, SUPPORT);
  await openMemberAccounts(page);
  await expect(page.getByRole('button', { name: /^Actions for account/ })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'user accounts dark');
  await screenshot(page, 'user-accounts-dark');
});
