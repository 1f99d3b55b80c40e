import { expect, test } from '@playwright/test';
import { ADMIN, MEMBER, registerMember, signIn, SUPPORT } from './helpers';
import { expectAxeCleanInBothThemes, expectNoSidewaysScroll, screenshot } from './page-checks';

// Weeks and times below are computed in UTC; the browser reads them in the same zone.
test.use({ timezoneId: 'UTC' });

const ACTIVE = '50000001'; // the demo member's active phase-1 account
const FUNDED = '50000007'; // the demo member's funded account (10K Two-Step), restricted news on

/** The Monday (UTC) `weeks` weeks from this one, as 'YYYY-MM-DD'. */
function mondayIn(weeks: number): string {
  const now = new Date();
  const day = (now.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day + weeks * 7))
    .toISOString()
    .slice(0, 10);
}

test('staff preview and import a week, then see it in the calendar; a re-import updates it', async ({ page }) => {
  const monday = mondayIn(5 + Math.floor(Math.random() * 40));
  const wednesday = new Date(Date.parse(`${monday}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
  const tag = Date.now().toString(36);
  const week = [
    {
      title: `E2E Payrolls ${tag}`,
      country: 'USD',
      date: `${wednesday}T08:30:00-05:00`,
      impact: 'High',
      forecast: '180K',
      previous: '254K',
    },
    {
      title: `E2E Rates &amp; Statement ${tag}`,
      country: 'EUR',
      date: `${wednesday}T07:45:00-05:00`,
      impact: 'Medium',
      forecast: '',
      previous: '',
    },
    { title: '', country: 'EURO', date: 'tomorrow', impact: 'Huge' },
  ];
  await signIn(page, ADMIN);
  await page.getByTestId('sidebar').getByRole('link', { name: 'News calendar import', exact: true }).click();
  await expect(page).toHaveURL(/\/news-calendar-import$/);
  await page.locator('input[type=file]').setInputFiles({
    name: 'week.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(week)),
  });
  await page.getByTestId('news-import-preview-button').click();
  const preview = page.getByTestId('news-import-preview');
  await expect(preview.getByTestId('news-import-rows')).toContainText(`E2E Rates & Statement ${tag}`);
  // The bad row is reported by its line, with each field's problem.
  const errors = preview.getByTestId('news-import-errors');
  await expect(errors.getByRole('row').filter({ hasText: 'country' })).toContainText('3');
  await expect(errors).toContainText('date');
  await screenshot(page, 'news-import-preview');
  await page.getByTestId('news-import-commit').click();
  await expect(page.getByText('Imported: 2 new, 0 updated, 1 skipped.')).toBeVisible();
  await expect(page.getByTestId('news-imports')).toContainText('week.json');

  // Again: the same week is updated, not doubled.
  await page.locator('input[type=file]').setInputFiles({
    name: 'week.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(week.slice(0, 2))),
  });
  await page.getByTestId('news-import-preview-button').click();
  await expect(page.getByTestId('news-import-summary')).toContainText('2 already stored');
  await page.getByTestId('news-import-commit').click();
  await expect(page.getByText('Imported: 0 new, 2 updated, 0 skipped.')).toBeVisible();

  // A member sees it in that week's calendar.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, MEMBER, `/news-calendar?week=${monday}`);
  const events = page.getByTestId('news-event');
  await expect(events.filter({ hasText: `E2E Payrolls ${tag}` })).toHaveCount(1);
  const payrolls = events.filter({ hasText: `E2E Payrolls ${tag}` });
  await expect(payrolls).toContainText('13:30');
  await expect(payrolls.getByTestId('restricted-marker')).toBeVisible();
  await expect(page.getByTestId('news-zone')).toContainText('UTC');
});

test('the member filters to high-impact USD, sees the restricted marker, and the countdown on the overview', async ({
  page,
}) => {
  await signIn(page, MEMBER);
  await page.getByTestId('sidebar').getByRole('link', { name: 'News Calendar', exact: true }).click();
  await expect(page).toHaveURL(/\/news-calendar$/);
  await expect(page.getByTestId('news-event').first()).toBeVisible();
  const filters = page.getByTestId('news-filters');
  await filters.getByText('High', { exact: true }).click();
  await filters.getByText('USD', { exact: true }).click();
  await expect(filters.getByRole('checkbox', { name: 'USD', exact: true })).toBeChecked();
  const events = page.getByTestId('news-event');
  await expect(events.first()).toBeVisible();
  await expect(page.locator('[data-testid=news-event]:not([data-impact=high])')).toHaveCount(0);
  await expect(page.locator('[data-testid=news-event]:not([data-currency=USD]):not([data-currency=ALL])')).toHaveCount(
    0,
  );
  await expect(events.first().getByTestId('restricted-marker')).toBeVisible();

  // Remembered: the filters are still on after a reload.
  await page.reload();
  await expect(page.getByTestId('news-event').first()).toBeVisible();
  await expect(page.locator('[data-testid=news-event]:not([data-impact=high])')).toHaveCount(0);

  // Weeks: the next one is named in the URL, "This week" comes back.
  await page.getByTestId('news-next').click();
  await expect(page).toHaveURL(/week=\d{4}-\d{2}-\d{2}/);
  await page.getByTestId('news-today').click();
  await expect(page).toHaveURL(/\/news-calendar$/);

  await page.goto('/accounts');
  await page.locator(`[data-testid=account-card][data-login="${ACTIVE}"]`).getByTestId('account-open').click();
  await expect(page.getByTestId('account-overview')).toBeVisible();
  const countdown = page.getByTestId('restricted-news').getByTestId('next-restricted');
  await expect(countdown).toBeVisible();
  await expect(countdown.getByTestId('next-restricted-clock')).toHaveText(/\d{2}:\d{2}:\d{2}/);

  // The funded account has the rule on: its trade opened a minute after last Friday's payrolls is flagged.
  await page.goto('/accounts');
  await page.locator(`[data-testid=account-card][data-login="${FUNDED}"]`).getByTestId('account-open').click();
  const flagged = page.getByTestId('restricted-news').getByTestId('news-violations');
  await expect(flagged).toContainText('Non-Farm Employment Change');
  await expect(flagged).toContainText('EURUSD');
  await screenshot(page, 'news-violations-funded');
});

test('calendar and import screens have no serious axe violations, light and dark', async ({ page }) => {
  await signIn(page, MEMBER, '/news-calendar');
  await expect(page.getByTestId('news-event').first()).toBeVisible();
  await expect(page.getByTestId('next-restricted')).toBeVisible();
  await expectAxeCleanInBothThemes(page, 'news calendar', { shot: 'news-calendar' });

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, SUPPORT, '/news-calendar-import');
  await expect(page.getByTestId('news-import-read-only')).toBeVisible();
  await expect(page.getByTestId('news-feed-status')).toBeVisible();
  await expectAxeCleanInBothThemes(page, 'news import', { shot: 'news-import' });
});

test('usable at 375 px: the calendar does not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, MEMBER, '/news-calendar');
  await expect(page.getByTestId('news-event').first()).toBeVisible();
  await expectNoSidewaysScroll(page, 'news calendar at 375 px');
  await screenshot(page, 'news-calendar-375');
});

test('west of the source, an all-day event stays on its own date: the demo’s Monday holiday in Los Angeles', async ({
  browser,
}) => {
  const context = await browser.newContext({ timezoneId: 'America/Los_Angeles' });
  const page = await context.newPage();
  // A new member has chosen no zone: times are the browser's, Los Angeles.
  await signIn(page, await registerMember(page, 'news-west'), '/news-calendar');
  const holiday = page.getByTestId('news-event').filter({ hasText: 'Bank Holiday' });
  await expect(holiday).toHaveCount(1);
  await expect(holiday).toContainText('All day');
  // Its day's heading: Monday, though New York's and UTC's midnight are still Sunday in Los Angeles.
  await expect(page.locator('section').filter({ has: holiday }).getByRole('heading')).toHaveText(/^Monday/);
  await context.close();
});
