import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signIn, SUPPORT } from './helpers';
import { expectAxeCleanInBothThemes, expectNoSidewaysScroll, screenshot } from './page-checks';

const figure = (page: Page, id: string) => page.getByTestId(`kpi-${id}-value`);

async function openDashboard(page: Page) {
  await page.goto('/dashboard');
  await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
  await expect(page.getByTestId('dashboard')).toBeVisible();
}

test('the dashboard shows the demo business; a range change updates the URL and the figures', async ({ page }) => {
  await signIn(page, ADMIN);
  await openDashboard(page);
  // Demo mode pays two orders of the demo member today: revenue, orders, the lists.
  await expect(figure(page, 'paid-orders')).not.toHaveText('0');
  await expect(figure(page, 'revenue')).toContainText('$');
  const paidOrders = Number((await figure(page, 'paid-orders').innerText()).replace(/\D/g, ''));
  expect(paidOrders).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('latest-orders').getByRole('row')).not.toHaveCount(0);
  await expect(page.getByTestId('needs-you')).toBeVisible();
  await expect(page.getByTestId('revenue-chart')).toBeVisible();
  await expect(page.getByTestId('funnel')).toContainText('Registered');
  await expect(page.getByTestId('dashboard-period')).toContainText('compared with');
  await screenshot(page, 'dashboard-30d');

  // Today: the demo orders were paid today, so they are still there.
  await page.getByTestId('dashboard-range').selectOption('today');
  await expect(page).toHaveURL(/\/dashboard\?range=today$/);
  await expect(figure(page, 'paid-orders')).not.toHaveText('0');

  // A month long ago: nothing happened then.
  await page.getByTestId('dashboard-range').selectOption('custom');
  await expect(page).toHaveURL(/range=custom&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  await page.getByTestId('dashboard-from').fill('2020-01-01');
  await page.getByTestId('dashboard-to').fill('2020-01-31');
  await expect(page).toHaveURL(/range=custom&from=2020-01-01&to=2020-01-31/);
  await expect(figure(page, 'paid-orders')).toHaveText('0');
  await expect(page.getByTestId('dashboard-quiet')).toBeVisible();

  // The URL is the view: a reload keeps it.
  await page.reload();
  await expect(page.getByTestId('dashboard-range')).toHaveValue('custom');
  await expect(figure(page, 'paid-orders')).toHaveText('0');

  // Each figure opens the list behind it.
  await page.goto('/dashboard?range=all');
  await expect(figure(page, 'paid-orders')).not.toHaveText('0');
  await figure(page, 'paid-orders').getByRole('link').click();
  // Paid orders by their payment time, refunded ones included (as the figure counts them).
  await expect(page).toHaveURL(/\/orders\?dateField=paidAt&/);
});

test('after an outage of the mail server, ADMIN sends the undelivered mails again and they arrive', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  // A member created while the firm's mail server was down (e2e/serve.mjs turns away the first
  // delivery to each address at outage.example.com): the set-password mail is given up on.
  const email = `grace.${Date.now().toString(36)}@outage.example.com`;
  const token = await page.evaluate(() => localStorage.getItem('access'));
  const created = await page.request.post('/api/admin/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: { email, firstName: 'Grace', lastName: 'Outage', role: 'USER' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const userId = ((await created.json()) as { user: { id: string } }).user.id;

  await openDashboard(page);
  const item = page.getByTestId('needs-mails');
  // The dashboard reads its figures again each minute; a reload shows the refusal sooner.
  await expect(async () => {
    await page.reload();
    await expect(item).toContainText('The mail server said:', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(item).toContainText(`mail system unavailable: ${email}`);
  const count = Number(await item.getByTestId('needs-count').innerText());
  expect(count).toBeGreaterThanOrEqual(1);
  await screenshot(page, 'dashboard-undelivered-mails');

  await item.getByRole('button', { name: 'Send all again' }).click();
  const dialog = page.getByRole('dialog', { name: /^Send \d+ undelivered mails? again\?$/ });
  await expect(dialog).toContainText('once the mail server accepts mail again');
  await dialog.getByRole('button', { name: 'Send all again' }).click();
  await expect(page.getByText(/^\d+ mails? (is|are) queued to be sent again$/)).toBeVisible();

  // This time the mail server takes it: the user's page says it was sent.
  await page.goto(`/users/${userId}/edit-user`);
  await page.getByRole('tab', { name: 'Mails' }).click();
  await expect(async () => {
    await page.getByRole('tab', { name: 'Mails' }).click();
    await expect(page.getByTestId('user-mail-status')).toHaveText('Sent', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  // Who sent them again, and which, is in the audit log.
  const audit = await page.request.get('/api/admin/audit-log?action=mail.resend_undelivered', {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
  const entries = ((await audit.json()) as { items: Array<{ after: { mailIds: string[] } }> }).items;
  const mails = await page.request.get(`/api/admin/users/${userId}/mails`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
  const [mail] = ((await mails.json()) as { items: Array<{ id: string }> }).items;
  expect(entries.some((e) => e.after.mailIds.includes(mail!.id))).toBe(true);
});

test('SUPPORT reads the dashboard', async ({ page }) => {
  await signIn(page, SUPPORT);
  await openDashboard(page);
  await expect(figure(page, 'revenue')).toContainText('$');
  await expect(page.getByTestId('needs-mails')).toBeVisible();
});

test('axe clean in both themes, and usable at 375 px', async ({ page }) => {
  await signIn(page, ADMIN);
  await openDashboard(page);
  await expectAxeCleanInBothThemes(page, 'dashboard', { shot: 'dashboard', fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByTestId('dashboard-kpis')).toBeVisible();
  await expectNoSidewaysScroll(page, 'dashboard 375 px');
  await expectAxeCleanInBothThemes(page, 'dashboard 375 px', { shot: 'dashboard-375', fullPage: true });
});
