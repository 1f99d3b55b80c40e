// Checks every screen spec makes: axe in both themes, no sideways scrolling, and screenshots for a
// person to look at.
import { expect, type Page } from '@playwright/test';
import axe, { type RunOptions } from 'axe-core';
import { mkdirSync } from 'node:fs';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
// The rules whose outcome depends on colours: all that a second theme can change.
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

type AxeOptions = {
  /** Axe's best-practice rules too (landmarks, one main heading…), where a screen already meets them. */
  bestPractice?: boolean;
};

/** Saves a screenshot when SHOTS_DIR names a folder for them. */
export async function screenshot(page: Page, name: string, fullPage = true) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

/**
 * Axe's violations on the page's document as it stands. axe-core is injected once per document and
 * run where it is: @axe-core/playwright injects it again at every call and finishes each run in a
 * new page (for frames, which the app has none of), ~1 s per call before any rule runs.
 */
async function seriousViolations(page: Page, runOnly: RunOptions['runOnly']) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const options: RunOptions = { runOnly, resultTypes: ['violations'] };
  const results = await page.evaluate((o) => (window as unknown as { axe: typeof axe }).axe.run(document, o), options);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

/**
 * Waits (at most 2 s) for the page's finite animations and transitions to end: a dialog fading in
 * is judged by axe at its current opacity, so its buttons would fail the contrast rule for a few
 * frames. Endless ones (loaders, skeletons) are left running. It waits again until two frames pass
 * with none left: under reduced motion every property of every element transitions (for 0.01 ms,
 * global.css), and after a theme switch a child's transition can start only once its parent's has
 * landed, so one wave of finished transitions is not yet the page as it stands (axe once read black
 * text on the dark theme's red).
 */
async function settleAnimations(page: Page) {
  await page.evaluate(async () => {
    const deadline = performance.now() + 2_000;
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const timeLeft = () => new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - performance.now())));
    while (performance.now() < deadline) {
      await frame();
      await frame();
      const finite = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
      if (finite.length === 0) return;
      await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), timeLeft()]);
    }
  });
}

/** No serious or critical WCAG 2.1 A/AA violation on the page as it stands, once its animations ended. */
export async function expectNoSeriousViolations(page: Page, label: string, options: AxeOptions = {}) {
  // The splash fades out once the app has started; axe would judge it with the page.
  await expect(page.locator('#splash-screen')).toHaveCount(0);
  await settleAnimations(page);
  const tags = options.bestPractice ? [...WCAG_21_AA, 'best-practice'] : WCAG_21_AA;
  expect(await seriousViolations(page, { type: 'tag', values: tags }), label).toEqual([]);
}

async function showTheme(page: Page, scheme: 'light' | 'dark') {
  // Switched as the operating system would: the app follows it live unless a theme was chosen.
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
}

/**
 * Axe on the page as it stands, in both themes: the whole pass in the light theme, then only the
 * colour rules in the dark one (the other rules read structure, names and roles, which a theme does
 * not change; a second whole pass per screen doubled the time of every screen spec). With `shot`,
 * a screenshot of each theme. Leaves the page in the light theme.
 */
export async function expectAxeCleanInBothThemes(
  page: Page,
  label: string,
  options: AxeOptions & { shot?: string; fullPage?: boolean } = {},
) {
  await showTheme(page, 'light');
  await expectNoSeriousViolations(page, `${label} (light)`, options);
  if (options.shot) await screenshot(page, `${options.shot}-light`, options.fullPage);
  await showTheme(page, 'dark');
  await settleAnimations(page);
  expect(await seriousViolations(page, { type: 'rule', values: COLOUR_RULES }), `${label} (dark)`).toEqual([]);
  if (options.shot) await screenshot(page, `${options.shot}-dark`, options.fullPage);
  await showTheme(page, 'light');
}

/**
 * The page fits the viewport's width (375 px phones), once it has laid itself out again: right after
 * a resize the layout can lag a frame or two (charts follow their box through a ResizeObserver). The
 * dashboard measured 29 px too wide once in CI, straight after its resize, and fit in every local
 * repeat. An overflow that stays fails when the wait ends.
 */
export async function expectNoSidewaysScroll(page: Page, label: string) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: label })
    .toBeLessThanOrEqual(0);
}
