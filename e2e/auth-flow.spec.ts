import { expect, test } from '@playwright/test';
import { login, uniqueEmail } from './helpers';

// With the motion a visitor sees by default (the other specs run with reduced motion).
test.use({ reducedMotion: 'no-preference' });

test('register → login → member shell → log out', async ({ page }) => {
  const email = uniqueEmail('Jane.Doe');
  await page.goto('/auth/registration');
  await page.getByLabel('First name').fill('Jane');
  await page.getByLabel('Last name').fill('Doe');
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill('Secret123!');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Secret123!');
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await page.getByRole('checkbox').check();
  await expect(submit).toBeEnabled();
  const [request] = await Promise.all([page.waitForRequest('**/api/auth/register'), submit.click()]);
  expect(request.postDataJSON()).toEqual({
    email: email.toLowerCase(),
    password: 'Secret123!',
    firstName: 'Jane',
    lastName: 'Doe',
    role: 'USER',
  });

  await expect(page).toHaveURL(/\/auth\/login\/\?registration=success$/);
  await expect(page.getByText('You have successfully registered. Please login.')).toBeVisible();

  // Login sends the geolocation result, here null: the configured service does not answer JSON.
  await page.getByLabel('Email').fill(email.toLowerCase());
  await page.getByLabel('Password', { exact: true }).fill('Secret123!');
  const [loginRequest] = await Promise.all([
    page.waitForRequest('**/api/auth/login'),
    page.getByRole('button', { name: 'Continue' }).click(),
  ]);
  expect(loginRequest.postDataJSON()).toMatchObject({ email: email.toLowerCase(), userGeolocation: null });
  expect(loginRequest.headers()['accept']).toBe('application/json');

  await expect(page).toHaveURL(/\/accounts$/);
  await expect(page.getByTestId('header-user-name')).toHaveText('Jane D.');
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Billing' })).toBeVisible();
  await expect(page.getByTestId('nav-account-overview')).toBeDisabled();
  await expect(page.getByTestId('nav-trading-overview')).toBeDisabled();
  expect(await page.evaluate(() => [localStorage.getItem('access') !== null, localStorage.getItem('email')])).toEqual([
    true,
    email.toLowerCase(),
  ]);

  // Help & Support opens the configured FAQ in a new tab; Start Challenge, the platform's own
  // catalogue by default, opens in the app.
  const help = page.getByRole('link', { name: /Help & Support/ });
  await expect(help).toHaveAttribute('target', '_blank');
  await expect(help).toHaveAttribute('href', /^https?:\/\//);
  await expect(page.getByTestId('start-challenge')).toHaveAttribute('href', '/start-challenge');
  await expect(page.getByTestId('start-challenge')).not.toHaveAttribute('target', '_blank');

  // User menu: Profile and Billing for a member, then Log Out.
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Billing' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/accounts\/profile$/);
  await expect(page.getByText(email.toLowerCase()).first()).toBeVisible();

  await page.evaluate(() => {
    localStorage.setItem('accountId', 'ACC-1');
  });
  const [logoutRequest] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/auth/logout') && r.method() === 'POST'),
    (async () => {
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Log Out' }).click();
    })(),
  ]);
  expect(logoutRequest.headers()['authorization']).toMatch(/^Bearer /);
  await expect(page).toHaveURL(/\/auth\/login$/);
  const keys = await page.evaluate(() =>
    ['access', 'email', 'accountId', 'id', 'status'].map((k) => localStorage.getItem(k)),
  );
  expect(keys).toEqual([null, null, null, null, null]);

  // Signed out, the member area sends back to /auth.
  await page.goto('/accounts');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Access the Member Area' })).toBeVisible();
  await login(page, { email: email.toLowerCase(), password: 'Secret123!' });
});
