// The challenges desk as staff use it: ADMIN creates a two-phase challenge, finds it in the list,
// assigns it to the demo member; SUPPORT sees the same screens read-only.
import { expect, test } from '@playwright/test';
import { ADMIN, signIn, MEMBER, SUPPORT } from './helpers';
import { expectNoSeriousViolations, expectNoSidewaysScroll, screenshot } from './page-checks';

const suffix = Date.now().toString(36);
const NAME = `Sprint ${suffix}`;

test('ADMIN creates a challenge with two phases and assigns it to a member', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.getByTestId('sidebar').getByRole('link', { name: 'Challenges', exact: true }).click();
  await expect(page.getByTestId('challenges-table')).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousViolations(page, 'challenges list light');
  await screenshot(page, 'challenges-light');

  await page.getByRole('link', { name: 'Create Challenge' }).first().click();
  await expect(page).toHaveURL(/\/challenges\/create$/);
  await page.getByTestId('challenge-name').fill(NAME);
  // The slug follows the name until someone edits it.
  await expect(page.getByTestId('challenge-slug')).toHaveValue(`sprint-${suffix}`);
  await page.getByTestId('challenge-price').fill('149');
  // Start from three phases (two evaluation + funded); remove phase 2 to keep one evaluation phase.
  await page.getByRole('button', { name: 'Remove Phase 2' }).click();
  await expect(page.getByTestId('phase-editor-2')).toHaveCount(0);
  // Add it back, then set its target: two evaluation phases and the funded phase.
  await page.getByTestId('add-phase').click();
  await page.getByTestId('phase-1-profitTarget').fill('4');
  await page.getByTestId('phase-2-drawdownType').selectOption('eod_trailing');
  await expect(page.getByTestId('drawdown-help').last()).toContainText('never moves down');
  // An empty target is caught on the field before anything is sent.
  await page.getByTestId('phase-0-profitTarget').fill('');
  await page.getByTestId('challenge-save').click();
  await expect(page.getByTestId('phase-editor-0').getByText('Required')).toBeVisible();
  await page.getByTestId('phase-0-profitTarget').fill('9');
  // The preview prints the rules as the catalogue will.
  const preview = page.getByTestId('challenge-preview');
  await expect(preview).toContainText('Profit target 9%');
  await expect(preview).toContainText('Profit target 4%');
  await expect(preview).toContainText('trailing the highest end-of-day balance');
  await expectNoSeriousViolations(page, 'challenge editor light');
  await screenshot(page, 'challenge-editor-light');
  await page.getByTestId('challenge-save').click();

  await expect(page).toHaveURL(/\/challenges$/);
  const row = page.getByTestId(`challenge-row-sprint-${suffix}`);
  await expect(row).toContainText(NAME);
  await expect(row).toContainText('Two-step');
  await expect(row).toContainText('$149.00');
  await expect(row).toContainText('P1 9%');
  await expect(row).toContainText('P2 4%');

  // Assign it to the demo member through the Create dialog.
  await page.getByRole('button', { name: 'Create', exact: true }).first().click();
  await page.getByTestId('create-user-challenge').click();
  await expect(page).toHaveURL(/\/users\/challenge\/create$/);
  await page.getByTestId('assign-member').fill('member@exa');
  await page.getByRole('option', { name: new RegExp(MEMBER.email) }).click();
  await page.getByTestId('assign-challenge').selectOption({ label: `${NAME} · US$100,000.00` });
  await expect(page.getByTestId('assign-rules')).toContainText('Profit target 9%');
  await page.getByTestId('assign-submit').click();
  await expect(page.getByTestId('assign-done')).toContainText(/Account \d+ created/);
});

test('dark theme at 375 px: the editor fits and is axe clean; SUPPORT reads only', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, SUPPORT, '/challenges');
  await expect(page.getByTestId('challenges-table')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Create Challenge' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Archive / })).toHaveCount(0);
  await expectNoSidewaysScroll(page, 'challenges list 375');
  await expectNoSeriousViolations(page, 'challenges list dark');
  await screenshot(page, 'challenges-dark-375');

  await page
    .getByRole('link', { name: /^View / })
    .first()
    .click();
  await expect(page.getByTestId('challenge-form')).toBeVisible();
  await expect(page.getByTestId('challenge-name')).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('challenge-save')).toHaveCount(0);
  await expectNoSidewaysScroll(page, 'challenge editor 375');
  await expectNoSeriousViolations(page, 'challenge editor dark');
  await screenshot(page, 'challenge-editor-dark-375');

  await page.goto('/users/challenge/create');
  await expect(page.getByText('Assigning challenges is for administrators')).toBeVisible();
});
