// A member's trading accounts as staff see them: ADMIN opens them from the users list, is offered to
// reinstate the failed one and closes an account with a reason; ADMIN reinstates a failed account
// from its report and the report's history says who did it and why; SUPPORT sees no actions.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, MEMBER, registerMember, signIn, SUPPORT } from './helpers';
import { expectAxeCleanInBothThemes, expectNoSeriousViolations, screenshot } from './page-checks';

async function openMemberAccounts(page: Page) {
  await page.goto(`/users?q=${encodeURIComponent(MEMBER.email)}`);
  await page.getByTestId('user-accounts-link').first().click();
  await expect(page).toHaveURL(/\/users\/[0-9a-f-]+\/trading-accounts$/);
  await expect(page.getByTestId('user-accounts')).toBeVisible({ timeout: 20_000 });
}

/** A new account for `email` (the demo member by default), created by the signed-in ADMIN through the API. */
async function createOwnAccount(page: Page, email = MEMBER.email) {
  const token = await page.evaluate(() => localStorage.getItem('access'));
  const headers = { authorization: `Bearer ${token}` };
  const { challenges } = await (await page.request.get('/api/admin/challenges?status=active', { headers })).json();
  const created = await page.request.post('/api/admin/accounts', {
    headers,
    data: { email, challengeId: challenges[0].id },
  });
  expect(created.status()).toBe(201);
  const { account } = await created.json();
  return { account, headers };
}

test('ADMIN is offered to reinstate a failed account and closes one with a reason', async ({ page }) => {
  await signIn(page, ADMIN);
  // An account of the test's own, so the demo accounts other specs read stay as they are.
  const { account } = await createOwnAccount(page);

  await openMemberAccounts(page);
  // Whose accounts these are, and the assignment form opens with them chosen.
  await expect(page.getByTestId('user-accounts-owner')).toContainText(MEMBER.firstName);
  await expect(page.getByTestId('user-accounts-owner')).toContainText(MEMBER.email);
  await expect(page.getByRole('link', { name: 'Create Challenge for User' })).toHaveAttribute(
    'href',
    `/users/challenge/create?email=${encodeURIComponent(MEMBER.email)}`,
  );
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

  // A reset: a fresh account takes the place of another one of the test's; the old row names it.
  const { account: worn } = await createOwnAccount(page);
  await page.reload();
  const wornRow = page.getByTestId(`user-account-${worn.login}`);
  await wornRow.getByRole('button', { name: `Actions for account ${worn.login}` }).click();
  await page.getByRole('menuitem', { name: 'Reset to a fresh account' }).click();
  const resetDialog = page.getByRole('dialog');
  await resetDialog.getByTestId('override-reason').fill('Platform fault on the first day');
  await resetDialog.getByTestId('override-confirm').click();
  await expect(wornRow).toContainText('Closed');
  await expect(wornRow).toContainText(/Replaced by account \S+ \(reset\)/);
  const freshLogin = (await wornRow.textContent())!.match(/Replaced by account (\S+) \(reset\)/)![1]!;
  await expect(page.getByTestId(`user-account-${freshLogin}`)).toContainText('Pending');
  // Reset once: the replaced (closed) account offers nothing more.
  await expect(wornRow.getByRole('button', { name: `Actions for account ${worn.login}` })).toHaveCount(0);
  await expectAxeCleanInBothThemes(page, 'user accounts after a reset', { shot: 'user-accounts-reset' });
});

test('ADMIN reinstates a failed account from its report; the history shows who, why and the lifted breach', async ({
  page,
}) => {
  // A member of the test's own: the breach would otherwise toast in other specs' member sessions.
  const owner = await registerMember(page, 'reinstate');
  await signIn(page, ADMIN);
  // The test's own account, failed through the ingestion API as a bridge would fail it.
  const { account, headers } = await createOwnAccount(page, owner.email);
  const connector = await page.request.post('/api/admin/connectors', {
    headers,
    data: { name: `E2E reinstate ${Date.now().toString(36)}` },
  });
  expect(connector.ok()).toBe(true);
  const { key } = await connector.json();
  const balance = account.initialBalanceCents / 100;
  const events = await page.request.post('/api/integrations/trading/events', {
    headers: { authorization: `Bearer ${key}` },
    data: {
      events: [
        {
          id: `e2e-reinstate-${account.login}`,
          type: 'snapshot',
          account: account.login,
          time: new Date().toISOString(),
          balance,
          // Half the account gone: below every loss limit.
          equity: balance / 2,
          openPositions: 1,
        },
      ],
    },
  });
  expect(events.ok(), await events.text()).toBe(true);

  await page.goto(`/users/${account.userId}/trading-accounts/${account.id}/view-report`);
  await expect(page.getByTestId('account-bar')).toContainText('Failed', { timeout: 20_000 });
  const history = page.getByTestId('account-timeline');
  await expect(history.getByTestId('account-timeline-entry').first()).toHaveAttribute('data-action', 'account.create');
  await expect(page.getByTestId('report-extend')).toHaveCount(0);
  await page.getByTestId('report-reinstate').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('override-reason').fill('Platform outage at the time of the breach');
  await dialog.getByTestId('override-confirm').click();
  await expect(dialog).toHaveCount(0);

  await expect(page.getByTestId('account-bar')).toContainText('Active');
  const newest = history.getByTestId('account-timeline-entry').first();
  await expect(newest).toHaveAttribute('data-action', 'account.reinstate');
  await expect(newest).toContainText('Adam Keller'); // the demo ADMIN
  await expect(newest).toContainText('Reason: Platform outage at the time of the breach');
  await expect(newest).toContainText(/Breach lifted: Max (daily )?loss/);
  // An open account: extend and close are offered now, reinstate no longer.
  await expect(page.getByTestId('report-reinstate')).toHaveCount(0);
  await expect(page.getByTestId('report-extend')).toBeVisible();
  await expectNoSeriousViolations(page, 'account report with its history');
  await screenshot(page, 'account-report-history');
});

test('SUPPORT sees the accounts read-only, in the dark theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(page, SUPPORT);
  await openMemberAccounts(page);
  await expect(page.getByRole('button', { name: /^Actions for account/ })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'user accounts dark');
  await screenshot(page, 'user-accounts-dark');
});
