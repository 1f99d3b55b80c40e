// /auth/login is prerendered (decision 032): the card paints from the HTML in the visitor's language
// and theme, the app starts after that paint and adopts the same elements. What a visitor types
// before then is kept, and nothing is logged.
import { expect, test } from '@playwright/test';
import { MEMBER } from './helpers';

// With the motion a visitor sees by default (the other specs run with reduced motion).
test.use({ reducedMotion: 'no-preference' });

const VISITS = [
  { lang: 'en', mode: null, heading: 'Access the Member Area' },
  { lang: 'de', mode: 'dark', heading: 'Zum Mitgliederbereich' },
  { lang: 'ja', mode: 'system', heading: 'メンバーエリアにアクセス' },
  { lang: 'zh', mode: 'light', heading: '进入会员专区' },
] as const;

for (const { lang, mode, heading } of VISITS) {
  test(`the prerendered sign-in becomes the app without a change (${lang}, theme ${mode ?? 'default'})`, async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (['error', 'warning'].includes(m.type()) && !m.text().includes('Failed to load resource')) {
        problems.push(m.text());
      }
    });
    page.on('pageerror', (e) => problems.push(String(e)));
    await page.addInitScript(
      ([l, m]) => {
        if (sessionStorage.getItem('seeded')) return;
        localStorage.setItem('i18nConfig', JSON.stringify({ selectedLang: l }));
        if (m) localStorage.setItem('kt_theme_mode_menu', m);
        sessionStorage.setItem('seeded', '1');
      },
      [lang, mode],
    );
    // The app's modules are held back: the visitor meets the prerendered copy alone.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/(?!login-boot).*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/auth/login', { waitUntil: 'commit' });
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toHaveText(heading);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await h1.evaluate((el) => ((window as unknown as { prerendered: Element }).prerendered = el));
    await page.locator('input[name="email"]').fill(MEMBER.email);
    await page.locator('input[name="password"]').fill(MEMBER.password);

    release();
    await expect(page.locator('#root')).toHaveAttribute('data-app', 'live');
    // The same heading element: adopted, not drawn again.
    expect(
      await page.evaluate(
        () => document.querySelector('h1') === (window as unknown as { prerendered: Element }).prerendered,
      ),
    ).toBe(true);
    // What was typed reached the form: it signs in.
    await expect(page.locator('input[name="email"]')).toHaveValue(MEMBER.email);
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/accounts|\/dashboard/, { timeout: 20_000 });
    expect(problems).toEqual([]);
  });
}
