import { expect, test, type Page } from '@playwright/test';
import { ADMIN, MEMBER, registerMember, signIn, SUPPORT, uniqueEmail } from './helpers';
import { expectAxeCleanInBothThemes, screenshot } from './page-checks';

const UPDATED = 'Selected users status have successfully been updated';
const table = (page: Page) => page.getByTestId('users-table');
const rowOf = (page: Page, email: string) => table(page).getByRole('row').filter({ hasText: email });

async function openUsers(page: Page) {
  await page.getByTestId('sidebar').getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByTestId('page-title')).toHaveText('Users');
}

/** Types part of the email and waits until theirs is the row shown. */
async function findByEmailPart(page: Page, email: string, part: string) {
  await page.getByLabel('Search').fill(part);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(rowOf(page, email)).toBeVisible();
}

async function setSelected(page: Page, email: string, action: 'user-bulk-suspend' | 'user-bulk-active') {
  await rowOf(page, email)
    .getByRole('checkbox', { name: `Select ${email}` })
    .check();
  await expect(page.getByTestId('user-bulk-bar')).toContainText('1 user selected');
  await page.getByTestId(action).click();
  await expect(page.getByText(UPDATED)).toBeVisible();
  await expect(page.getByTestId('user-bulk-bar')).toHaveCount(0);
}

test('admin finds a member by part of the email, suspends them (their session ends) and reactivates', async ({
  page,
  browser,
}) => {
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  try {
    // A member of this test's own: suspending the demo member would end other specs' sessions.
    const member = await registerMember(memberPage, 'suspend');
    const part = member.email.slice(0, member.email.indexOf('@'));
    await signIn(memberPage, member);

    await signIn(page, ADMIN);
    await openUsers(page);
    await findByEmailPart(page, member.email, part);
    await setSelected(page, member.email, 'user-bulk-suspend');
    await expect(rowOf(page, member.email).getByTestId('user-status')).toHaveText('Suspended');

    // The member's open session ends at its next check (every 15 s) with the SPEC's toast.
    await expect(memberPage.getByText('Your session has ended. Redirecting to login...')).toBeVisible({
      timeout: 17_000,
    });
    await expect(memberPage).toHaveURL(/\/auth\/login$/);

    // The list state survives a reload.
    await page.reload();
    await expect(page.getByLabel('Search')).toHaveValue(part);
    await setSelected(page, member.email, 'user-bulk-active');
    await expect(rowOf(page, member.email).getByTestId('user-status')).toHaveText('Active');
    await signIn(memberPage, member);
  } finally {
    await memberContext.close();
  }
});

test('admin creates a user: the set-password mail is queued, the audit log has it', async ({ page }) => {
  await signIn(page, ADMIN);
  await openUsers(page);
  await page.getByTestId('user-new').click();
  await expect(page).toHaveURL(/\/users\/edit-user$/);
  const email = uniqueEmail('created');
  // An empty form names its fields.
  await page.getByTestId('user-save').click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Role').selectOption('SUPPORT');
  await page.getByLabel('Mail language').selectOption('de');
  await page.getByTestId('user-save').click();
  await expect(page.getByText(`User created: a link to choose a password was sent to ${email}`)).toBeVisible();
  await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}\/edit-user$/);
  await expect(page.getByLabel('Role')).toHaveValue('SUPPORT');
  const userId = /users\/([0-9a-f-]{36})\//.exec(page.url())![1]!;

  // The set-password mail shows on the user's page, in the language chosen, with how it went
  // (this server sends to a local mail server, e2e/serve.mjs).
  await page.getByRole('tab', { name: 'Mails' }).click();
  const mail = page.getByTestId('user-mail');
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText('Ihr Konto ist bereit: Wählen Sie Ihr Passwort');
  await expect(mail).toContainText(email);
  await expect(mail.getByTestId('user-mail-status')).toHaveText(/^(Sent|Waiting to be sent)$/);

  // The creation is in the audit log, with the role granted; the mail itself is checked by the server tests.
  const token = await page.evaluate(() => localStorage.getItem('access'));
  const res = await page.request.get(`/api/admin/audit-log?action=user.create&targetId=${userId}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { items: Array<{ after: { role: string; email: string } }> };
  expect(body.items[0]?.after).toMatchObject({ role: 'SUPPORT', email });

  // A duplicate email is refused on its field.
  await page.goto('/users/edit-user');
  await page.getByLabel('First name').fill('Second');
  await page.getByLabel('Last name').fill('Person');
  await page.getByLabel('Email').fill(email);
  await page.getByTestId('user-save').click();
  await expect(page.getByText('An account with this email already exists')).toBeVisible();
});

test('SUPPORT sees /users and a user read-only', async ({ page }) => {
  await signIn(page, SUPPORT);
  await openUsers(page);
  await expect(page.getByTestId('users-read-only')).toBeVisible();
  await findByEmailPart(page, MEMBER.email, MEMBER.email.slice(2, 11));
  await expect(page.getByTestId('user-new')).toHaveCount(0);
  await expect(table(page).getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByTestId('user-export')).toBeVisible();
  await rowOf(page, MEMBER.email).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}\/edit-user$/);
  await expect(page.getByLabel('Email')).toHaveValue(MEMBER.email);
  await expect(page.getByLabel('Email')).toBeDisabled();
  await expect(page.getByTestId('user-save')).toHaveCount(0);
  await expect(page.getByTestId('user-anonymise')).toHaveCount(0);
  await expect(page.getByTestId('user-logins')).toBeVisible();
});

test('no serious or critical axe violations on the list, the form, the panel and the confirmation, light and dark', async ({
  page,
}) => {
  await signIn(page, ADMIN, '/users');
  await expect(table(page).getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('#splash-screen')).toHaveCount(0);
  await table(page).getByRole('checkbox').nth(1).check();
  await expect(page.getByTestId('user-bulk-bar')).toBeVisible();
  await expectAxeCleanInBothThemes(page, 'list with a selection', {
    bestPractice: true,
    shot: 'users',
    fullPage: true,
  });

  await page.goto('/users/edit-user');
  await page.getByTestId('user-save').click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expectAxeCleanInBothThemes(page, 'create form with errors', { bestPractice: true });

  const email = uniqueEmail('axe');
  await page.getByLabel('First name').fill('Axel');
  await page.getByLabel('Last name').fill('Checker');
  await page.getByLabel('Email').fill(email);
  await page.getByTestId('user-save').click();
  await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}\/edit-user$/);
  await expect(page.getByTestId('user-logins-empty')).toBeVisible();
  await expectAxeCleanInBothThemes(page, 'edit page with the panel', {
    bestPractice: true,
    shot: 'users-edit',
    fullPage: true,
  });
  // The mails tab: the set-password mail with its delivery badge.
  await page.getByRole('tab', { name: 'Mails' }).click();
  await expect(page.getByTestId('user-mail-status')).toBeVisible();
  await expectAxeCleanInBothThemes(page, 'mails tab', { bestPractice: true, shot: 'users-mails' });

  await page.getByTestId('user-anonymise').click();
  const dialog = page.getByRole('dialog', { name: 'Anonymise Axel Checker?' });
  await expect(dialog).toContainText(email);
  await expectAxeCleanInBothThemes(page, 'anonymise confirmation', { bestPractice: true });
  await dialog.getByTestId('confirm-action').click();
  await expect(page.getByText('Axel Checker has been anonymised')).toBeVisible();
  await expect(page.getByTestId('user-anonymised')).toBeVisible();
});

test('usable at 375 px: no sideways scrolling of the list or the edit page', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, ADMIN, '/users');
  await expect(table(page).getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('#splash-screen')).toHaveCount(0);
  await expect(page.getByLabel('Search')).toBeInViewport();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await screenshot(page, 'users-375', true);
  await table(page).getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page.getByTestId('user-form')).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await screenshot(page, 'users-375-edit', true);
  // The panel's widest tab scrolls inside its frame, not the page.
  await page.getByRole('tab', { name: 'Mails' }).click();
  await expect(page.getByTestId('user-mails').or(page.getByTestId('user-mails-empty'))).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
});
