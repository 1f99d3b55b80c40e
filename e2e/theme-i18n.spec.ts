import { expect, test } from '@playwright/test';
import { login, MEMBER } from './helpers';

test('system theme follows the OS, live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/auth/login');
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('img', { name: 'FundedPro' }).first()).toHaveAttribute('src', '/media/logo-dark.svg');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'light');
  await expect(page.getByRole('img', { name: 'FundedPro' }).first()).toHaveAttribute('src', '/media/logo-light.svg');
});

test('choosing a theme stores both keys and survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/auth/login');
  await page.getByTestId('theme-dark').click();
  await expect(page.getByTestId('theme-dark')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  expect(
    await page.evaluate(() => [
      localStorage.getItem('kt_theme_mode_menu'),
      localStorage.getItem('kt_theme_mode_value'),
    ]),
  ).toEqual(['dark', 'dark']);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
});

test('language switch: texts, <html lang> and i18nConfig follow', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByTestId('language-select').selectOption('de');
  await expect(page.getByRole('heading', { name: 'Zum Mitgliederbereich' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('i18nConfig') ?? 'null'))).toEqual({
    selectedLang: 'de',
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Zum Mitgliederbereich' })).toBeVisible();

  for (const [lang, name, heading] of [
    ['ja', '日本語', 'メンバーエリアにアクセス'],
    ['zh', '中文', '进入会员专区'],
    ['fr', 'Français', 'Accéder à l’espace membre'],
    ['es', 'Español', 'Acceder al área de miembros'],
  ] as const) {
    await page.getByTestId('language-select').selectOption({ label: name });
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
  }

  // Signed in, the shell speaks the language too.
  await page.getByTestId('language-select').selectOption('de');
  await page.getByLabel('E-Mail').fill(MEMBER.email);
  await page.getByLabel('Passwort', { exact: true }).fill(MEMBER.password);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).toHaveURL(/\/accounts$/);
  await expect(page.getByTestId('page-title')).toHaveText('Konten');
  // The demo member's account cards, in German.
  await expect(page.getByTestId('account-card').first()).toBeVisible();
  await expect(page.getByText('Zugangsdaten anzeigen').first()).toBeVisible();
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByTestId('page-title')).toHaveText('Accounts');
  void login;
});
