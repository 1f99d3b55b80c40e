import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { ADMIN, MEMBER, signIn } from './helpers';
import { expectAxeCleanInBothThemes, expectNoSidewaysScroll } from './page-checks';

// Certificates end to end: the demo member's gallery, the PDF, the shared link confirmed on the
// public page signed out; staff issue one by hand and revoke it, and the public page says revoked.
test('the member downloads and shares a certificate; staff issue and revoke one; the public page follows', async ({
  browser,
}) => {
  const member = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await member.newPage();
  await signIn(page, MEMBER, '/certificates');
  const cards = page.getByTestId('certificate-card');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(4);
  // A valid one (staff may have revoked the newest in an earlier run on this database).
  const first = cards.filter({ hasNot: page.getByTestId('certificate-revoked') }).first();
  await expect(first).toContainText('Martina');
  const code = (await first.getByTestId('certificate-code').textContent())!.trim();
  expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

  const download = page.waitForEvent('download');
  await first.getByTestId('certificate-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`certificate-${code}.pdf`);
  expect((await readFile((await file.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

  await first.getByTestId('certificate-copy').click();
  await expect(first.getByTestId('certificate-copy')).toHaveText('Link copied');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`/verify/${code}$`));

  // Signed out, the shared link confirms it.
  const visitor = await browser.newContext();
  const pub = await visitor.newPage();
  await pub.goto(new URL(link).pathname);
  await expect(pub.getByTestId('verify-valid')).toBeVisible();
  await expect(pub.getByTestId('certificate-card')).toContainText('Martina');
  await expect(pub.getByTestId('certificate-code')).toHaveText(code);
  await pub.goto('/verify/ZZZZ-ZZZZ-ZZZZ');
  await expect(pub.getByTestId('verify-unknown')).toBeVisible();

  // Staff issue a payout certificate by hand from the Create dialog's link, then revoke it.
  const staff = await browser.newPage();
  await signIn(staff, ADMIN, '/admin-certificates?issue=1');
  const dialog = staff.getByRole('dialog', { name: 'Issue a certificate' });
  await dialog.getByTestId('issue-member').fill('Martina');
  await staff.getByRole('option', { name: new RegExp(MEMBER.email) }).click();
  await dialog.getByTestId('issue-kind').selectOption('payout');
  // An amount no other run or spec uses, so the row is found by it alone.
  const cents = 100_000 + Math.floor(Math.random() * 800_000);
  const amount = `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  await dialog.getByTestId('issue-amount').fill((cents / 100).toFixed(2));
  await dialog.getByTestId('issue-reason').fill('Paid outside the platform');
  await dialog.getByTestId('issue-submit').click();
  await expect(dialog).toBeHidden();
  await staff.getByTestId('certificate-kind-filter').selectOption('payout');
  await staff.getByTestId('certificate-search').fill('Martina');
  // The search is debounced: act on the rows once it is applied.
  await expect(staff).toHaveURL(/[?&]q=Martina/);
  const row = staff.getByRole('row').filter({ hasText: amount });
  await expect(row).toHaveCount(1);
  const issued = (await row.getByTestId('admin-certificate-code').textContent())!.trim();
  await row.getByTestId('admin-certificate-revoke').click();
  const confirm = staff.getByRole('dialog', { name: `Revoke certificate ${issued}?` });
  await confirm.getByTestId('certificate-revoke-reason').fill('Payout reversed');
  await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(row.getByTestId('admin-certificate-revoked')).toBeVisible();

  // The public page says revoked (a fresh visitor: nothing cached in the page).
  const later = await (await browser.newContext()).newPage();
  await later.goto(`/verify/${issued}`);
  await expect(later.getByTestId('verify-revoked')).toContainText('revoked on');
  await expect(later.getByTestId('certificate-revoked')).toBeVisible();
});

/** Serious or critical axe findings on the page in both themes, and that nothing is wider than the viewport. */
async function check(page: Page, what: string, width?: number) {
  await expectAxeCleanInBothThemes(page, what, { bestPractice: true });
  if (width) await expectNoSidewaysScroll(page, what);
}

test('certificate screens: axe clean in both themes and usable at 375 px', async ({ browser }) => {
  const phone = { viewport: { width: 375, height: 800 } };
  const page = await (await browser.newContext(phone)).newPage();
  await signIn(page, MEMBER, '/certificates');
  await expect(page.getByTestId('certificate-card').first()).toBeVisible();
  await check(page, '/certificates', 375);
  const code = (await page.getByTestId('certificate-code').first().textContent())!.trim();

  const visitor = await (await browser.newContext(phone)).newPage();
  await visitor.goto(`/verify/${code}`);
  await expect(visitor.getByTestId('certificate-card')).toBeVisible();
  await check(visitor, '/verify', 375);

  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, ADMIN, '/admin-certificates');
  await expect(staff.getByTestId('admin-certificate-code').first()).toBeVisible();
  await check(staff, '/admin-certificates');
});
