import { expect, test } from '@playwright/test';
import { login, MEMBER, signIn } from './helpers';

test('a session revoked on the server ends within 15 s with the SPEC toast', async ({ page, request }) => {
  // Revoked while the member looks at their accounts: the list loaded and the live stream open.
  // (Revoked before the page's first call, that call's plain 401 ends the session without a
  // message, as SPEC §7 says a 401 does.)
  const loaded = Promise.all(
    ['/api/accounts', '/api/accounts/stream'].map((path) =>
      page.waitForResponse((r) => new URL(r.url()).pathname === path && r.status() === 200, { timeout: 30_000 }),
    ),
  );
  // Every account's overview answered too: one still in flight when the session is revoked gets
  // the plain 401 that ends the session without the server's reason (SPEC §4), a race, not the case.
  const overviews = new Set<string>();
  page.on('response', (r) => {
    if (/^\/api\/accounts\/[0-9a-f-]{36}$/.test(new URL(r.url()).pathname)) overviews.add(r.url());
  });
  await login(page, MEMBER);
  const [list] = await loaded;
  const { accounts } = (await list!.json()) as { accounts: { status: string }[] };
  // A pending account (bought by another test, not yet provisioned) has no overview to ask for.
  const withOverview = accounts.filter((a) => a.status !== 'pending').length;
  await expect.poll(() => overviews.size, { timeout: 15_000 }).toBeGreaterThanOrEqual(withOverview);
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
  // The boot script's early reads were refused too; none of them ends a session with a message.
  await expect(page.getByText('Your session has ended. Redirecting to login...')).toHaveCount(0);
});

test('a signed-in page sends its first reads once, before its JavaScript has run, and shows their data', async ({
  page,
}) => {
  // /billing: /accounts is drawn by the server, whose drawing brings these reads (first-paint.spec.ts).
  await signIn(page, MEMBER, '/billing');
  const first = [
    '/api/auth/verify-token',
    `/api/user/${encodeURIComponent(MEMBER.email)}`,
    '/api/config',
    '/api/accounts',
  ];
  const sent: string[] = [];
  let allSent: () => void = () => undefined;
  const allSentEarly = new Promise<boolean>((resolve) => {
    allSent = () => resolve(true);
    setTimeout(() => resolve(false), 10_000);
  });
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (!path.startsWith('/api/')) return;
    sent.push(path);
    if (first.every((p) => sent.includes(p))) allSent();
  });
  // The app's JavaScript is held until the four reads are out: only the boot script can send them.
  let early = false;
  await page.route('**/assets/sign-in-*.js', async (route) => {
    early = await allSentEarly;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByTestId('page-title')).toBeVisible();
  await expect(page.getByText(MEMBER.firstName).first()).toBeVisible();
  expect(early).toBe(true);
  // The app took their answers instead of asking again.
  for (const path of first)
    expect(
      sent.filter((p) => p === path),
      path,
    ).toHaveLength(1);
});

test('a reload while the 15 s verification is out keeps the session for the next page', async ({ page }) => {
  await signIn(page, MEMBER, '/accounts');
  // The next verification is held at the server's door, so the reload cuts it off as it can any.
  let held = 0;
  await page.route('**/api/auth/verify-token', async (route) => {
    held += 1;
    if (held > 1) return route.continue();
    await new Promise((r) => setTimeout(r, 5_000));
    await route.continue().catch(() => undefined);
  });
  await page.waitForRequest((r) => new URL(r.url()).pathname === '/api/auth/verify-token', { timeout: 20_000 });
  await page.reload();
  await expect(page.getByTestId('page-title')).toBeVisible();
  await expect(page).toHaveURL(/\/accounts$/);
  expect(await page.evaluate(() => localStorage.getItem('access'))).toBeTruthy();
  await expect(page.getByText('Your session has ended. Redirecting to login...')).toHaveCount(0);
});
