// The Settings page in real Chromium against the real browser host: opened from the
// navigation and with Ctrl+, ; the filter finds the hub address; a bad address is
// refused in words; and the Discover pane searches the new address at once, with no
// restart — first one where nothing answers, then the stand-in hub the library e2e uses.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { startHost, type RunningHost } from '@test-support/host-process';
import { sampleModel } from '@test-support/hf/gguf-samples';
import { startHubStandIn, type HubStandIn } from '@test-support/hf/hub-stand-in';
import { connectHost } from '@test-support/ws-client';

const REPO = 'e2e-org/Settings-GGUF';
// Port 9 (discard) on the loopback: nothing listens there, so a search is refused at once.
const NOTHING_THERE = 'http://127.0.0.1:9';

// The page's CSP refuses script tags, so the library goes in as evaluated source (as accessibility.spec.ts does).
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let host: RunningHost;
let hub: HubStandIn;

test.beforeAll(async () => {
  const bytes = sampleModel({ name: 'Settings Sample', fileType: 15, sizeLabel: '1B', context: 4096 });
  hub = await startHubStandIn([{ id: REPO, downloads: 7, likes: 3, files: { 'settings-1b-Q4_K_M.gguf': bytes } }]);
  host = await startHost();
});

test.afterAll(async () => {
  const code = host ? await host.stop() : null;
  await hub?.close();
  expect(code).toBe(0);
});

async function setHub(page: Page, address: string): Promise<void> {
  await page.getByTestId('settings-hub-input').fill(address);
  await page.getByTestId('settings-hub-input').press('Enter');
}

async function searchDiscover(page: Page): Promise<void> {
  await page.getByTestId('load-open').click();
  await page.getByTestId('load-tab-discover').click();
  await page.getByTestId('hub-query').fill('settings');
  await page.getByTestId('hub-search').click();
}

test('Settings opens from the navigation and with Ctrl+, and the filter keeps the hub address', async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('settings-page')).toBeVisible();
  await expect(page.getByTestId('open-settings')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('settings-search')).toBeFocused();

  await page.locator('.brand').click();
  await expect(page.getByTestId('settings-page')).toHaveCount(0);
  await page.keyboard.press('Control+Comma');
  await expect(page.getByTestId('settings-page')).toBeVisible();

  await page.getByTestId('settings-search').fill('hub address');
  await expect(page.getByTestId('settings-row-hub')).toBeVisible();
  await expect(page.getByTestId('settings-row-data-dir')).toHaveCount(0);
  await expect(page.getByTestId('settings-row-language')).toHaveCount(0);
  await page.getByTestId('settings-search').fill('数据');
  await expect(page.getByTestId('settings-row-data-dir')).toBeVisible();
  await expect(page.getByTestId('settings-row-hub')).toHaveCount(0);
});

test('the hub address is checked, saved through the core, and used by Discover without a restart', async ({ page }) => {
  await page.goto(host.url);
  await page.keyboard.press('Control+Comma');
  await page.getByTestId('settings-search').fill('hub');
  await page.getByTestId('settings-search').press('Tab');
  await expect(page.getByTestId('settings-hub-input')).toBeFocused();

  await setHub(page, 'ftp://hub.example.com');
  await expect(page.getByTestId('settings-hub-note')).toHaveText(
    'The hub address must start with http:// or https://.',
  );

  await setHub(page, NOTHING_THERE);
  await expect(page.getByTestId('settings-hub-note')).toHaveText('Saved.');
  await searchDiscover(page);
  await expect(page.getByTestId('hub-error')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.keyboard.press('Control+Comma');
  await page.getByTestId('settings-search').fill('hub');
  await setHub(page, `${hub.baseUrl}/`);
  await expect(page.getByTestId('settings-hub-note')).toHaveText('Saved.');
  // Saved without the trailing slash, as the core keeps it.
  await expect(page.getByTestId('settings-hub-input')).toHaveValue(hub.baseUrl);

  await searchDiscover(page);
  await expect(page.getByTestId('hub-result')).toHaveCount(1);
  await expect(page.getByTestId('hub-result')).toContainText(REPO);
  expect(hub.requests.some((request) => request.path.startsWith('/api/models?'))).toBe(true);

  const client = await connectHost(host.url);
  const settings = await client.invoke('settings:get');
  client.close();
  expect(settings).toMatchObject({ models: { hubEndpoint: hub.baseUrl } });
});

test('every control of the page is reached by Tab, and axe finds nothing serious on it', async ({ page }) => {
  await page.goto(host.url);
  await page.keyboard.press('Control+Comma');
  await expect(page.getByTestId('settings-search')).toBeFocused();
  const expected = await page
    .getByTestId('settings-page')
    .evaluate((root) => root.querySelectorAll('input, select, button:not(:disabled)').length);
  const reached = new Set<string>();
  for (let press = 0; press < expected + 5; press += 1) {
    const inPage = await page.evaluate(() => {
      const active = document.activeElement as HTMLElement | null;
      const root = document.querySelector('[data-testid="settings-page"]');
      if (!active || !root?.contains(active)) return null;
      const index = [...root.querySelectorAll('input, select, button')].indexOf(active);
      return `${index}`;
    });
    if (inPage !== null) reached.add(inPage);
    await page.keyboard.press('Tab');
  }
  expect(reached.size).toBe(expected);

  await page.evaluate(AXE_SOURCE);
  const serious = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Element): Promise<{ violations: AxeViolation[] }> } }).axe;
    interface AxeViolation {
      id: string;
      impact: string | null;
      nodes: Array<{ target: unknown[] }>;
    }
    const root = document.querySelector('[data-testid="settings-page"]') as Element;
    const result = await axe.run(root);
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`);
  });
  expect(serious).toEqual([]);
});
