import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './page-checks';

// The screen specs' axe check must be able to fail: a page with a contrast and an image fault.
test('the axe check names the serious violations of a page, on every call', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Faults</title></head><body><main>
    <h1>Faults</h1>
    <p style="color:#bbb;background:#fff">Grey on white</p>
    <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
  </main></body></html>`);
  for (let call = 1; call <= 2; call++) {
    const failure = await expectNoSeriousViolations(page, 'faults').then(
      () => 'no failure',
      (error: Error) => error.message,
    );
    expect(failure).toContain('color-contrast (serious)');
    expect(failure).toContain('image-alt (critical)');
  }
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>Fine</title></head><body><main><h1>Fine</h1></main></body></html>',
  );
  await expectNoSeriousViolations(page, 'a fixed page');
});
