import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { DEMO_ADMIN, logIn } from './support';

// Issue 9: zod's JIT (new Function) tripped our Content-Security-Policy on every signed-in page.
// The pages must run without a single CSP violation.

/** Collects every securitypolicyviolation event and CSP console error, across navigations. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeBinding('reportCspViolation', (_source, text: string) => {
    violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void })
        .reportCspViolation;
      report(
        `${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      violations.push(`console: ${message.text()}`);
    }
  });
  return violations;
}

test('signed-in pages run without a Content-Security-Policy violation', async ({ page }) => {
  const violations = await watchCsp(page);
  await logIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  // A page's heading shows once its chunk, and the schemas it imports, have run.
  await expect(page.getByRole('heading', { level: 1, name: 'Bingo' })).toBeVisible();

  const pages: [string, string | RegExp][] = [
    ['/rules', 'How to play Hedgehog Reading Bingo'],
    ['/profile', 'Profile'],
    ['/blog', 'Blog'],
    ['/recommendations', /.+/],
    ['/admin', 'Admin'],
    ['/bingo', 'Bingo'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  expect(violations).toEqual([]);
});
