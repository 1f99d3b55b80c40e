import { expect, test, type Page } from '@playwright/test';
import { ADMIN, MEMBER, signIn } from './helpers';
import { expectAxeCleanInBothThemes, expectNoSidewaysScroll, screenshot } from './page-checks';

const bearer = async (page: Page) => ({
  Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('access'))}`,
});

/** The bridge reports the approved payout's withdrawal from the trading server, naming the payout. */
async function bridgeWithdraws(staff: Page, payout: { id: string; accountLogin: string; grossCents: number }) {
  const created = await staff.request.post('/api/admin/connectors', {
    data: { name: `E2E payouts ${Date.now().toString(36)}` },
    headers: await bearer(staff),
  });
  expect(created.ok()).toBe(true);
  const { key } = (await created.json()) as { key: string };
  const event = {
    id: `mt5-withdrawal-${payout.id}`,
    type: 'balance',
    kind: 'withdrawal',
    account: payout.accountLogin,
    time: new Date().toISOString(),
    amount: -payout.grossCents / 100,
    comment: 'MT5 withdrawal',
    payout: payout.id,
  };
  const res = await staff.request.post('/api/integrations/trading/events', {
    data: { events: [event] },
    headers: { Authorization: `Bearer ${key}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

// Payouts end to end: the demo member asks for a payout from their eligible funded account, staff
// approve it and mark it paid, and the member sees it paid with its new certificate in the gallery.
test('the member requests a payout; staff approve and pay it; the member sees it paid and its certificate', async ({
  browser,
}) => {
  const member = await (await browser.newContext()).newPage();
  await signIn(member, MEMBER, '/payout');
  const eligible = member
    .getByTestId('payout-account')
    .filter({ has: member.getByTestId('payout-request-button').and(member.locator(':enabled')) });
  await expect(eligible).toHaveCount(1);
  const available = (await eligible.getByTestId('payout-available').textContent())!.trim();
  await eligible.getByTestId('payout-request-button').click();
  const form = member.getByTestId('payout-form');
  await form.getByRole('button', { name: 'Withdraw everything available' }).click();
  await form.getByTestId('payout-method').getByText('PayPal', { exact: true }).click();
  await form.getByLabel('PayPal email').fill('martina.paypal@example.com');
  await form.getByTestId('payout-next').click();
  const review = member.getByTestId('payout-review');
  await expect(review.getByTestId('payout-review-amount')).toHaveText(available);
  await expect(review.getByTestId('payout-turnaround')).toBeVisible();
  await review.getByTestId('payout-confirm').click();
  await expect(member.getByText(`Payout of ${available} requested`)).toBeVisible();
  const history = member.getByTestId('payout-history');
  await expect(history.getByTestId('payout-cancel')).toHaveCount(1);
  // The request is open now: the card says so instead of offering another.
  await expect(member.getByTestId('payout-blocked-reason').first()).toBeVisible();

  // Staff: the queue, filtered to requests waiting, the detail, approve, then mark paid.
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, ADMIN, '/admin-payouts-requests?status=requested');
  const row = staff.getByTestId('payout-queue').getByRole('row').filter({ hasText: MEMBER.email });
  await expect(row).toHaveCount(1);
  await row.getByTestId('payout-open').click();
  const drawer = staff.getByTestId('payout-drawer');
  await expect(drawer).toContainText('martina.paypal@example.com');
  await drawer.getByRole('button', { name: 'Approve' }).click();
  await staff.getByTestId('confirm-action').click();
  await expect(drawer.getByTestId('payout-status').first()).toHaveText('Approved');

  // The account's bridge withdraws it on the trading server first: the member is told the money
  // has left the account, and staff see it on the request (which can no longer be rejected).
  const mine = await member.request.get('/api/payouts', { headers: await bearer(member) });
  const approved = (
    (await mine.json()) as { items: Array<{ id: string; accountLogin: string; grossCents: number; status: string }> }
  ).items.find((p) => p.status === 'approved')!;
  await bridgeWithdraws(staff, approved);
  await member.reload();
  await expect(history.getByTestId('payout-withdrawn')).toContainText('Withdrawn from your account on');
  await expectAxeCleanInBothThemes(member, 'payout history, withdrawn', { shot: 'payout-withdrawn' });
  await staff.reload();
  await staff.goto('/admin-payouts-requests?status=approved');
  await staff
    .getByTestId('payout-queue')
    .getByRole('row')
    .filter({ hasText: MEMBER.email })
    .first()
    .getByTestId('payout-open')
    .click();
  await expect(drawer.getByTestId('payout-reported-withdrawal')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  await expectAxeCleanInBothThemes(staff, 'payout drawer, withdrawn', { shot: 'payout-drawer-withdrawn' });
  await drawer.getByRole('button', { name: 'Mark paid' }).click();
  await staff.getByTestId('payout-decision-text').fill('PP-E2E-0001');
  await staff.getByTestId('confirm-action').click();
  await expect(drawer.getByTestId('payout-status').first()).toHaveText('Paid');
  await expect(drawer).toContainText('PP-E2E-0001');

  // The member: paid, with its certificate, which is in the gallery.
  await member.reload();
  const paid = history
    .getByRole('row')
    .filter({ hasText: available })
    .filter({ has: member.getByTestId('payout-certificate') });
  await expect(paid.first()).toBeVisible();
  const certificate = (await paid.first().getByTestId('payout-certificate').textContent())!;
  const code = /[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(certificate)![0];
  await paid.first().getByTestId('payout-certificate').click();
  await expect(member).toHaveURL(/\/certificates$/);
  await expect(member.getByTestId('certificate-code').filter({ hasText: code })).toHaveCount(1);
});

// On a phone: the member's accounts, form and history, and the staff queue and drawer, fit 375 px.
test('usable at 375 px: the payout page, its form and the staff queue do not scroll sideways', async ({ browser }) => {
  const phone = { viewport: { width: 375, height: 812 } };
  const member = await (await browser.newContext(phone)).newPage();
  await signIn(member, MEMBER, '/payout');
  await expect(member.getByTestId('payout-account').first()).toBeVisible();
  await expect(member.getByTestId('payout-history')).toBeVisible();
  await expectNoSidewaysScroll(member, 'payout page');
  await screenshot(member, 'payout-375');
  // The form, when a card offers one (not while the walk above holds the member's request open).
  const enabled = member.getByTestId('payout-request-button').and(member.locator(':enabled'));
  if (await enabled.count()) {
    await enabled.first().click();
    await expect(member.getByTestId('payout-form')).toBeVisible();
    await expectNoSidewaysScroll(member, 'payout form');
    await screenshot(member, 'payout-375-form', false);
  }

  const staff = await (await browser.newContext(phone)).newPage();
  await signIn(staff, ADMIN, '/admin-payouts-requests');
  const rows = staff.getByTestId('payout-queue').getByTestId('payout-open');
  await expect(rows.first()).toBeVisible();
  await expectNoSidewaysScroll(staff, 'payout queue');
  await screenshot(staff, 'payout-queue-375', false);
  await rows.first().click();
  await expect(staff.getByTestId('payout-drawer')).toBeVisible();
  await expectNoSidewaysScroll(staff, 'payout drawer');
  await screenshot(staff, 'payout-drawer-375', false);
});
