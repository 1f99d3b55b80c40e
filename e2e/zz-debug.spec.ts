import AxeBuilder from '@axe-core/playwright';
import { test } from '@playwright/test';
import { login, MEMBER } from './helpers';
test('debug', async ({ page }) => {
  await login(page, MEMBER);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menu').waitFor();
  const r = await new AxeBuilder({ page }).withRules(['aria-required-children']).analyze();
  console.log(JSON.stringify(r.violations.map(v => v.nodes.map(n => n.failureSummary + '\n' + n.html)), null, 1));
  console.log((await page.getByRole('menu').innerHTML()).slice(0, 1500));
});
