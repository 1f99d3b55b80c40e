import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { ADMIN, signIn, uniqueEmail } from './helpers';

// The sale end to end: a visitor buys the 10K Two-Step with the demo provider, registering on the
// way, trades it (a pending account), downloads the invoice; staff find the order by email and
// refund it, and the account shows closed.
const CHALLENGE = '10K Two-Step';
const PASSWORD = 'Secret123!';

test('a visitor buys a challenge, gets the account and the invoice; staff refund it and the account closes', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('buyer');

  // The catalogue, signed out; the checkout filled in as a visitor.
  await page.goto('/start-challenge');
  await page.getByRole('button', { name: `Choose ${CHALLENGE}` }).click();
  const form = page.getByTestId('checkout-form');
  await expect(form).toBeVisible();
  await form.getByLabel('Full name').fill('Hana Nováková');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('textbox', { name: 'Address', exact: true }).fill('Václavské náměstí 1');
  await form.getByLabel('Postal code').fill('110 00');
  await form.getByLabel('City').fill('Praha');
  await form.getByLabel('Country').selectOption('CZ');
  await page.getByTestId('provider-demo').click();
  await form.getByRole('checkbox').check();

  // To pay, an account: registering inside the flow, then signing in, back to the kept basket.
  await expect(page.getByTestId('account-gate')).toBeVisible();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('First name').fill('Hana');
  await page.getByLabel('Last name').fill('Nováková');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/auth\/login\/?\?registration=success/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/start-challenge/);
  await expect(form.getByLabel('City')).toHaveValue('Praha');
  await expect(form.getByLabel('Country')).toHaveValue('CZ');
  if (!(await form.getByRole('checkbox').isChecked())) await form.getByRole('checkbox').check();
  await page.getByTestId('checkout-pay').click();
  await expect(page.getByText('Payment received, thank you!')).toBeVisible({ timeout: 20_000 });

  // The new pending account among the member's accounts.
  await page.getByRole('link', { name: 'Go to my accounts' }).click();
  await expect(page).toHaveURL(/\/accounts$/);
  const card = page.getByTestId('account-card').filter({ hasText: CHALLENGE });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(/pending/i);

  // The invoice, downloaded from Billing: a PDF.
  await page.goto('/billing');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Download invoice INV-\d{4}-\d{6}$/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // Staff find the order by the buyer's email and refund it.
  const staff = await browser.newPage();
  await signIn(staff, ADMIN, '/orders');
  await staff.getByLabel('Search').fill(email);
  // The search is applied (debounced, then in the URL) before the row is opened: the list's refetch
  // for it would otherwise close a drawer opened from the unfiltered page.
  await expect(staff).toHaveURL(/[?&]q=/);
  const row = staff.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Details of ORD-/ }).click();
  await staff.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = staff.getByRole('dialog', { name: /^Refund ORD-/ });
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(staff.getByText(/^Order ORD-\d+ refunded$/)).toBeVisible();
  // The drawer's timeline follows the order to its account, closed with the refund.
  const timeline = staff.getByTestId('order-timeline');
  await expect(timeline).toContainText('Account closed');
  await expect(timeline).toContainText('Because the order was refunded');
  await staff.close();

  // The member's account is closed.
  await page.goto('/accounts');
  await expect(page.getByTestId('account-card').filter({ hasText: CHALLENGE })).toContainText(/closed/i);
});
