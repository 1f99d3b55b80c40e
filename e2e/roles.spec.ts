import { expect, test } from '@playwright/test';
import { ADMIN, MEMBER, openInApp, signIn, SUPPORT } from './helpers';

test('signed out: every other path goes to /auth; error pages stay reachable', async ({ page }) => {
  for (const path of ['/accounts', '/dashboard', '/some/unknown', '/auth/nope']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/auth$/);
  }
  await expect(page.getByRole('heading', { name: 'Access the Member Area' })).toBeVisible();
  await page.goto('/auth/login/admin');
  await expect(page.getByRole('heading', { name: 'Access the Dashboard' })).toBeVisible();
  await page.goto('/error/404');
  await expect(page.getByText("Oops! We can't find that page.")).toBeVisible();
  await page.goto('/error/500');
  await expect(page.getByText('System Error, Something went wrong! Please try again later.')).toBeVisible();
  for (const [path, name] of [
    ['/privacy', 'Privacy'],
    ['/legal', 'Legal'],
    ['/contact', 'Contact'],
  ] as const) {
    await page.goto('/auth/login');
    await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  }
});

test('member: auth, staff and unknown paths go to /accounts; Return Home goes to /accounts', async ({ page }) => {
  await signIn(page, MEMBER);
  for (const path of [
    '/',
    '/dashboard',
    '/orders',
    '/users/challenge/create',
    '/auth/login',
    '/auth/registration',
    '/nowhere',
  ]) {
    await openInApp(page, path);
    await expect(page, path).toHaveURL(/\/accounts$/);
  }
  await page.goto('/error/404');
  await page.getByTestId('return-home').click();
  await expect(page).toHaveURL(/\/accounts$/);
});

test('member: every member route opens with its title; the selected account shows in the header', async ({ page }) => {
  await signIn(page, MEMBER);
  for (const path of ['/accounts/profile', '/billing', '/payout', '/certificates', '/news-calendar']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByTestId('page-title')).toBeVisible();
  }
  // Help & Support shows the payout page.
  await page.goto('/help-support');
  await expect(page.getByTestId('page-title')).toHaveText('Payout');

  // The overview pages show the stored account id in the header and become enabled.
  await page.evaluate(() => localStorage.setItem('accountId', 'FP-10042'));
  await page.goto('/accounts/account-overview');
  await expect(page.getByTestId('header-account-id')).toHaveText('Account ID: FP-10042');
  await expect(page.getByTestId('nav-trading-overview')).toBeEnabled();
  await page.goto('/accounts/trading-overview');
  await expect(page.getByTestId('header-account-id')).toHaveText('Account ID: FP-10042');
  await page.goto('/billing');
  await expect(page.getByTestId('header-account-id')).toHaveCount(0);
});

test('admin: member and unknown paths go to /dashboard; Return Home goes to /dashboard', async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const path of ['/', '/accounts', '/billing', '/auth/login', '/nowhere']) {
    await openInApp(page, path);
    await expect(page, path).toHaveURL(/\/dashboard$/);
  }
  await page.goto('/error/500');
  await page.getByTestId('return-home').click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('admin: every staff route opens with its title; the sidebar and the user menu', async ({ page }) => {
  await signIn(page, ADMIN);
  const sidebar = page.getByTestId('sidebar');
  for (const name of ['Dashboard', 'Orders', 'Users', 'Challenges', 'Payouts', 'Certificates']) {
    await expect(sidebar.getByRole('link', { name, exact: true })).toBeVisible();
  }
  for (const path of [
    '/orders',
    '/users',
    '/users/challenge/create',
    '/users/u1/trading-accounts',
    '/users/u1/trading-accounts/t1/view-report',
    '/users/u1/edit-user',
    '/users/edit-user',
    '/challenges',
    '/challenges/create',
    '/challenges/edit/c1',
    '/admin-payouts-requests',
    '/admin-certificates',
    '/admin-profile',
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByTestId('page-title'), path).toBeVisible();
  }
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Billing' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/admin-profile$/);
});

test('support staff get the admin area too', async ({ page }) => {
  await signIn(page, SUPPORT);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('toolbar Create opens the create dialog; the settings drawer changes the layout', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.getByTestId('toolbar-create').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Assign challenge');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByTestId('settings-open').click();
  await page.getByText('Fluid', { exact: true }).click();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('LayoutConfig') ?? '{}'));
  expect(stored.app.general.pageWidth).toBe('fluid');
  // A layout type change saves and reloads.
  await Promise.all([page.waitForEvent('load'), page.getByText('Dark header', { exact: true }).click()]);
  await expect(page.locator('[data-app-layout="dark-header"]')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).first()).toBeVisible();
  await page.evaluate(() => localStorage.removeItem('LayoutConfig'));
});
