import { expect, test } from '@playwright/test';
import { login, MEMBER } from './helpers';

test('a session revoked on the server ends within 15 s with the SPEC toast', async ({ page, request }) => {
  test.setTimeout(60_000);
  // Revoked while the member looks at their accounts: the list loaded and the live stream open.
  // (Revoked before the page's first call, that call's plain 401 ends the session without a
  // message, as SPEC §7 says a 401 does.)
  const loaded = Promise.all(
    ['/api/accounts', '/api/accounts/stream'].map((path) =>
      page.waitForResponse((r) => new URL(r.url()).pathname === path && r.status() === 200, { timeout: 30_000 }),
    ),
  );
  await login(page, MEMBER);
  await loaded;
  const token = await page.evaluate(() => localStorage.getItem('access'));
  expect(token).toBeTruthy();
  const res = await request.post('/api/auth/logout', {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
  expect(res.ok()).toBe(true);

  await expect(page.getByText('Your session has ended. Redirecting to login...')).toBeVisible({ timeout: 17_000 });
  await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 3_000 });
  // The server's reason is shown once on the login page, then forgotten.
  await expect(page.getByTestId('auth-error-message')).toBeVisible();
  expect(
    await page.evaluate(() => [
      localStorage.getItem('access'),
      localStorage.getItem('email'),
      localStorage.getItem('auth_error_message'),
    ]),
  ).toEqual([null, null, null]);
  await page.reload();
  await expect(page.getByTestId('auth-error-message')).toHaveCount(0);
});

test('/logout clears the session and lands on /auth/login', async ({ page }) => {
  await login(page, MEMBER);
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('access'))).toBeNull();
});

test('a stored token that no longer verifies at start is cleared', async ({ page }) => {
  await page.goto('/auth/login');
  await page.evaluate(() => {
    localStorage.setItem('access', 'not-a-valid-token');
    localStorage.setItem('email', 'member@example.com');
  });
  await page.goto('/accounts');
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => localStorage.getItem('access'))).toBeNull();
});
