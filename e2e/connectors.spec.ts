import { expect, test, type Page } from '@playwright/test';
import { ADMIN, registerMember, signIn, SUPPORT } from './helpers';
import { expectAxeCleanInBothThemes, expectNoSeriousViolations, screenshot } from './page-checks';

// Names unique to this run, sharing a token the search can narrow to.
const run = Date.now().toString(36);
const FIRST = `Zeta MT5 bridge ${run}`;
const SECOND = `Alpha cTrader bridge ${run}`;
const ROTATED = `Rotated demo feed ${run}`;

const table = (page: Page) => page.getByTestId('connectors-table');
const rowOf = (page: Page, name: string) => table(page).getByRole('row').filter({ hasText: name });
const namesInTable = (page: Page) => table(page).getByTestId('connector-name').allTextContents();

async function openConnectors(page: Page) {
  await page.getByTestId('sidebar').getByRole('link', { name: 'Integrations', exact: true }).click();
  await expect(page).toHaveURL(/\/integrations$/);
  await expect(page.getByTestId('page-title')).toHaveText('Integrations');
}

async function createConnector(page: Page, name: string): Promise<string> {
  await page.getByTestId('connector-new').click();
  const dialog = page.getByRole('dialog', { name: 'New connector' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create connector' }).click();
  await expect(dialog.getByText('This key will not be shown again.', { exact: false })).toBeVisible();
  const key = (await dialog.getByTestId('connector-key').textContent())?.trim() ?? '';
  expect(key).toMatch(/^fpc_[\w-]{20,}$/);
  await expect(page.getByText(`Connector ${name} created`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
  return key;
}

/**
 * Posts one event with `key`, as a bridge would: a snapshot of a new account of `ownerEmail` at its
 * initial balance (an account of the test's own, so the demo accounts other specs read stay as they are).
 */
async function postOneEvent(page: Page, key: string, ownerEmail: string) {
  const token = await page.evaluate(() => localStorage.getItem('access'));
  const headers = { authorization: `Bearer ${token}` };
  const list = await page.request.get('/api/admin/challenges?status=active', { headers });
  expect(list.ok()).toBe(true);
  const { challenges } = (await list.json()) as { challenges: Array<{ id: string }> };
  const created = await page.request.post('/api/admin/accounts', {
    headers,
    data: { email: ownerEmail, challengeId: challenges[0]!.id },
  });
  expect(created.status()).toBe(201);
  const { account } = (await created.json()) as { account: { login: string; initialBalanceCents: number } };
  const balance = account.initialBalanceCents / 100;
  const posted = await page.request.post('/api/integrations/trading/events', {
    headers: { authorization: `Bearer ${key}` },
    data: {
      events: [
        {
          id: `e2e-connector-${run}-${account.login}`,
          type: 'snapshot',
          account: account.login,
          time: new Date().toISOString(),
          balance,
          equity: balance,
          openPositions: 0,
        },
      ],
    },
  });
  expect(posted.status(), await posted.text()).toBe(200);
}

test('admin: create (key shown once), use, search, sort and revoke a connector', async ({ page }) => {
  // The owner of the account the new key posts an event for; registered before the admin signs in.
  const owner = await registerMember(page, 'connector');
  await signIn(page, ADMIN);
  await openConnectors(page);

  const key = await createConnector(page, FIRST);
  await expect(rowOf(page, FIRST)).toBeVisible();
  // The key is gone for good; the list shows only its prefix.
  await expect(page.getByText(key)).toHaveCount(0);
  await expect(rowOf(page, FIRST)).toContainText(key.slice(0, 10));
  await expect(rowOf(page, FIRST)).toContainText('Never');
  await expect(rowOf(page, FIRST).getByTestId('connector-status')).toHaveText('Active');

  // The key copied from the screen works: one event posted with it, then the list says when it was
  // last used (a second time besides the creation's, and no "Never").
  await postOneEvent(page, key, owner.email);
  await page.reload();
  await expect(rowOf(page, FIRST)).toBeVisible();
  await expect(rowOf(page, FIRST)).not.toContainText('Never');
  await expect(rowOf(page, FIRST).locator('time')).toHaveCount(2);
  await createConnector(page, SECOND);

  // Search narrows the list and lives in the URL, so a reload keeps it.
  await page.getByLabel('Search').fill(`mt5 bridge ${run}`);
  await expect(page).toHaveURL(new RegExp(`[?&]q=mt5\\+bridge\\+${run}`));
  await expect.poll(() => namesInTable(page)).toEqual([FIRST]);
  await page.reload();
  await expect(page.getByLabel('Search')).toHaveValue(`mt5 bridge ${run}`);
  await expect.poll(() => namesInTable(page)).toEqual([FIRST]);

  // Sort by name: both of this run's connectors, A→Z, then Z→A.
  await page.getByLabel('Search').fill(run);
  await expect.poll(() => namesInTable(page)).toHaveLength(2);
  await table(page).getByRole('button', { name: 'Name' }).click();
  await expect(page).toHaveURL(/sort=name&order=asc/);
  await expect.poll(() => namesInTable(page)).toEqual([SECOND, FIRST]);
  await table(page).getByRole('button', { name: 'Name' }).click();
  await expect(page).toHaveURL(/sort=name(?!&order)/);
  await expect.poll(() => namesInTable(page)).toEqual([FIRST, SECOND]);

  // Nothing matches: the list says so and offers a way back.
  await page.getByLabel('Search').fill(`no such connector ${run}`);
  await expect(page.getByTestId('list-no-matches')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByLabel('Search')).toHaveValue('');
  await expect(page).not.toHaveURL(/q=/);

  // Revoke asks first; Cancel changes nothing.
  await page.getByLabel('Search').fill(run);
  await rowOf(page, FIRST)
    .getByRole('button', { name: `Revoke ${FIRST}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this connector?' });
  await expect(confirm).toContainText(`${FIRST} will stop posting trading events at once, on every server.`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(rowOf(page, FIRST).getByTestId('connector-status')).toHaveText('Active');

  await rowOf(page, FIRST)
    .getByRole('button', { name: `Revoke ${FIRST}` })
    .click();
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(`Connector ${FIRST} revoked`)).toBeVisible();
  await expect(rowOf(page, FIRST).getByTestId('connector-status')).toHaveText('Revoked');
  await expect(rowOf(page, FIRST).getByRole('button', { name: /Revoke/ })).toHaveCount(0);

  // The status filter, in the URL too.
  await page.getByLabel('Status').selectOption('revoked');
  await expect(page).toHaveURL(/status=revoked/);
  await expect.poll(() => namesInTable(page)).toEqual([FIRST]);
});

test('admin: rotate a key (the new one shown once), the row says until when the old one works', async ({ page }) => {
  await signIn(page, ADMIN);
  await openConnectors(page);
  const oldKey = await createConnector(page, ROTATED);
  await page.getByLabel('Search').fill(ROTATED);
  await expect.poll(() => namesInTable(page)).toEqual([ROTATED]);
  await expect(rowOf(page, ROTATED).getByTestId('connector-grace')).toHaveCount(0);

  // The confirmation says until when (with the time zone) the old key keeps working: a day by default.
  await rowOf(page, ROTATED)
    .getByRole('button', { name: `Rotate key of ${ROTATED}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Rotate this connector’s key?' });
  await expect(confirm).toContainText(
    new RegExp(
      `${ROTATED} gets a new API key, shown once\\. The old key keeps working until .+ \\d{1,2}:\\d{2} [^,]+, then stops\\.`,
    ),
  );
  await expectNoSeriousViolations(page, 'rotate confirmation', { bestPractice: true });
  await confirm.getByRole('button', { name: 'Rotate key' }).click();

  const reveal = page.getByRole('dialog', { name: 'New API key' });
  const newKey = (await reveal.getByTestId('connector-key').textContent())?.trim() ?? '';
  expect(newKey).toMatch(/^fpc_[\w-]{20,}$/);
  expect(newKey).not.toBe(oldKey);
  await expect(reveal.getByTestId('connector-key-note')).toContainText('The old key keeps working until');
  await expect(reveal.getByRole('button', { name: 'Copy key' })).toBeVisible();
  await expect(page.getByText(`New key for ${ROTATED} created`)).toBeVisible();
  await expectNoSeriousViolations(page, 'new key shown once', { bestPractice: true });
  await reveal.getByRole('button', { name: 'Done' }).click();
  await expect(reveal).toHaveCount(0);

  // Shown once: the row has the new prefix and the grace end, never the key.
  await expect(page.getByText(newKey)).toHaveCount(0);
  await expect(rowOf(page, ROTATED)).toContainText(newKey.slice(0, 10));
  await expect(rowOf(page, ROTATED).getByTestId('connector-grace')).toContainText(/^Old key works until .+/);
  await expect(rowOf(page, ROTATED).getByTestId('connector-status')).toHaveText('Active');
});

test('support: reads the list, cannot create, rotate or revoke', async ({ page }) => {
  await signIn(page, SUPPORT);
  await openConnectors(page);
  await expect(
    page.getByText('Only administrators can create connectors, rotate their keys or revoke them.'),
  ).toBeVisible();
  await expect(table(page).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'New connector' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Rotate/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);
});

test('no serious or critical axe violations on the list, the form and the key, light and dark', async ({ page }) => {
  await signIn(page, ADMIN, '/integrations');
  await expect(table(page).getByRole('row').nth(1)).toBeVisible();
  await expect(page.locator('#splash-screen')).toHaveCount(0);
  await expectAxeCleanInBothThemes(page, 'list', { bestPractice: true, shot: 'connectors', fullPage: true });

  await page.getByTestId('connector-new').click();
  const dialog = page.getByRole('dialog', { name: 'New connector' });
  await dialog.getByRole('button', { name: 'Create connector' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expectAxeCleanInBothThemes(page, 'form with an error', { bestPractice: true });
  await dialog.getByLabel('Name').fill(`Axe ${run}`);
  await dialog.getByRole('button', { name: 'Create connector' }).click();
  await expect(dialog.getByTestId('connector-key')).toBeVisible();
  await expectAxeCleanInBothThemes(page, 'key shown once', {
    bestPractice: true,
    shot: 'connectors-key',
    fullPage: false,
  });
  await dialog.getByRole('button', { name: 'Done' }).click();

  await rowOf(page, `Axe ${run}`)
    .getByRole('button', { name: /^Revoke/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'Revoke this connector?' })).toBeVisible();
  await expectAxeCleanInBothThemes(page, 'revoke confirmation', { bestPractice: true });
  await page.keyboard.press('Escape');
});

test('usable at 375 px: controls reachable, no sideways scrolling of the page', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, ADMIN, '/integrations');
  await expect(table(page).getByRole('row').nth(1)).toBeVisible();
  await expect(page.locator('#splash-screen')).toHaveCount(0);
  await expect(page.getByTestId('connector-new')).toBeInViewport();
  await expect(page.getByLabel('Search')).toBeInViewport();
  await expect(page.getByLabel('Status')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, 'connectors-375', true);
  await page.getByTestId('connector-new').click();
  await expect(page.getByRole('dialog', { name: 'New connector' })).toBeVisible();
  await screenshot(page, 'connectors-375-new', false);
});
