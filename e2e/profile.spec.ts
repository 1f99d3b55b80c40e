import { expect, test, type Page } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'otplib';
import { ADMIN, signIn, uniqueEmail } from './helpers';

const PASSWORD = 'Secret123!';
const NEW_PASSWORD = 'Another456?';

/**
 * The authenticator app's code, one step ahead: the server accepts the neighbouring step, and a
 * step after the one used last is never a replay, so the test need not wait for the clock.
 */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function signInWithForm(page: Page, email: string, password: string, origin = '') {
  await page.goto(`${origin}/auth/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a member renames themself, changes password, enrols two-factor and signs in with a code and a recovery code', async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail('profile');
  const reg = await request.post('/api/auth/register', {
    data: { email, password: PASSWORD, firstName: 'Olga', lastName: 'Sedlak', role: 'USER' },
  });
  expect(reg.status()).toBe(200);

  await signInWithForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/accounts$/);
  await expect(page.getByTestId('header-user-name')).toHaveText('Olga S.');

  // Rename: the header follows.
  await page.goto('/accounts/profile');
  const name = page.getByTestId('profile-name');
  await name.getByLabel('First name').fill('Olivia');
  await name.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('header-user-name')).toHaveText('Olivia S.');

  // Another browser signed in as the same member is signed out once the password changes.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInWithForm(otherPage, email, PASSWORD);
  await expect(otherPage).toHaveURL(/\/accounts$/);
  const pw = page.getByTestId('profile-password');
  await pw.getByLabel('Current password').fill(PASSWORD);
  await pw.getByLabel('New password').fill(NEW_PASSWORD);
  await pw.getByLabel('Confirm Password').fill(NEW_PASSWORD);
  await pw.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.', { exact: false })).toBeVisible();
  await expect(otherPage).toHaveURL(/\/auth\/login$/, { timeout: 16_000 });
  await other.close();

  // Two-factor: the key shown, a code computed from it, the recovery codes kept.
  const mfa = page.getByTestId('profile-mfa');
  await mfa.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const secret = (await mfa.getByTestId('mfa-secret').textContent())!.trim();
  await mfa.getByTestId('mfa-confirm-code').fill(await generate({ secret }));
  await mfa.getByRole('button', { name: 'Turn on' }).click();
  // Shown once the code is accepted: wait for them before reading.
  await expect(mfa.getByTestId('recovery-codes').locator('code')).toHaveCount(10);
  const codes = (await mfa.getByTestId('recovery-codes').locator('code').allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  await mfa.getByRole('button', { name: 'I have saved them' }).click();
  await expect(mfa.getByTestId('mfa-status')).toHaveText('On');

  // Signed out, then in with the password and a code.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signInWithForm(page, email, NEW_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await page.getByTestId('mfa-code').fill(await nextCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/accounts$/);

  // Then with a recovery code.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signInWithForm(page, email, NEW_PASSWORD);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/accounts$/);
  await expect(page.getByTestId('header-user-name')).toHaveText('Olivia S.');

  // The phone is lost: an ADMIN sees two-factor on and resets it after a confirmation naming the
  // member; the member's open session ends with the SPEC's toast, and the password alone signs in.
  const staff = await browser.newContext();
  const admin = await staff.newPage();
  await signIn(admin, ADMIN, '/dashboard');
  const token = await admin.evaluate(() => localStorage.getItem('access'));
  const found = await admin.request.get(`/api/admin/users?q=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const memberId = ((await found.json()) as { items: { id: string }[] }).items[0]!.id;
  await admin.goto(`/users/${memberId}/edit-user`);
  await expect(admin.getByTestId('user-mfa-state')).toHaveText('On');
  await admin.getByTestId('user-mfa-reset').click();
  const confirm = admin.getByRole('dialog', { name: 'Reset two-factor sign-in for Olivia Sedlak?' });
  await confirm.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
  await expect(admin.getByText('Two-factor sign-in of Olivia Sedlak has been reset')).toBeVisible();
  await expect(admin.getByTestId('user-mfa-state')).toHaveText('Off');
  await staff.close();
  await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 16_000 });
  await expect(page.getByText('Your session has ended. Redirecting to login...')).toBeVisible();
  await signInWithForm(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/accounts$/);
});

test.describe('STAFF_MFA_REQUIRED', () => {
  // A second server of its own: the suite's server runs in demo mode, where the rule is off.
  const port = Number(process.env.E2E_PORT ?? 3197) + 13;
  const origin = `http://127.0.0.1:${port}`;
  let server: ChildProcess;
  const STAFF = { email: 'boss@example.com', password: 'Boss123!x' };

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    // Not a demo: the rule's default is on there. One staff member, made as an operator would.
    const env = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'e2e-mfa-')),
      DEMO_DATA: 'false',
      STAFF_MFA_REQUIRED: 'true',
      // Outside demo mode invoices need the seller and bank transfers the firm's account (the demo
      // firm's will do here).
      SELLER_NAME: 'Funding Platform s.r.o.',
      SELLER_ADDRESS: 'Václavské náměstí 1|110 00 Praha 1',
      SELLER_COUNTRY: 'CZ',
      BANK_IBAN: 'CZ6508000000192000145399',
      BANK_BIC: 'GIBACZPX',
      BANK_NAME: 'Česká spořitelna',
      LOG_LEVEL: 'warn',
      SKIP_WEB_BUILD: '1',
      GEOLOCATION_URL: `${origin}/__no_geolocation__`,
    };
    // The hashing worker may answer 503 on a machine this busy: the tool is simply run again.
    let made = { status: 1 as number | null, stderr: '' };
    for (let attempt = 0; attempt < 3 && made.status !== 0; attempt++) {
      made = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          'apps/server/src/cli/create-admin.ts',
          '--email',
          STAFF.email,
          '--password',
          STAFF.password,
        ],
        { env, encoding: 'utf8' },
      );
    }
    expect(made.status, made.stderr).toBe(0);
    server = spawn(process.execPath, ['scripts/start.mjs'], { env, stdio: 'ignore' });
    const deadline = Date.now() + 240_000;
    for (;;) {
      const up = await fetch(`${origin}/api/config`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline) throw new Error('second server did not start');
      await new Promise((r) => setTimeout(r, 500));
    }
  });
  test.afterAll(() => {
    server?.kill('SIGTERM');
  });

  test('staff are sent to enrol first, and reach the dashboard once enrolled', async ({ page }) => {
    await signInWithForm(page, STAFF.email, STAFF.password, origin);
    // The password hash and the first staff page share two busy cores with the suite: allow time.
    await expect(page).toHaveURL(`${origin}/admin-profile`, { timeout: 30_000 });
    await expect(page.getByTestId('mfa-required')).toBeVisible();
    // Any other staff page leads back here.
    await page.goto(`${origin}/orders`);
    await expect(page).toHaveURL(`${origin}/admin-profile`);

    const mfa = page.getByTestId('profile-mfa');
    await mfa.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const secret = (await mfa.getByTestId('mfa-secret').textContent())!.trim();
    await mfa.getByTestId('mfa-confirm-code').fill(await generate({ secret }));
    await mfa.getByRole('button', { name: 'Turn on' }).click();
    await mfa.getByRole('button', { name: 'I have saved them' }).click();
    await page.goto(`${origin}/dashboard`);
    await expect(page).toHaveURL(`${origin}/dashboard`);
  });
});
