// An old or incomplete address explains itself instead of "reconnecting…" for ever
// over a page that pretends no model is loaded. Real browser host, real Chromium.
import { expect, test } from '@playwright/test';
import { startHost, type RunningHost } from '@test-support/host-process';

let host: RunningHost;

test.beforeAll(async () => {
  host = await startHost();
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
});

const base = () => new URL(host.url).origin;

for (const [name, path] of [
  ['no token', '/'],
  ['a token from an earlier start', '/?token=from-yesterday'],
] as const) {
  test(`an address with ${name} says it has expired and how to get the right one`, async ({ page }) => {
    await page.goto(`${base()}${path}`);
    const notice = page.getByTestId('expired-address');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('?token=');
    await expect(page.getByTestId('connection-banner')).toHaveCount(0);
    await expect(page.getByText('No model loaded')).toHaveCount(0);
  });
}

test('the address printed at start still opens the app', async ({ page }) => {
  await page.goto(host.url);
  await expect(page.getByTestId('status-state')).toHaveAttribute('data-state', 'stopped');
  await expect(page.getByTestId('expired-address')).toHaveCount(0);
});
