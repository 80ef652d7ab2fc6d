// The page's languages in real Chromium against the real browser host: a page in English never fetches the Chinese
// catalog; choosing 中文 fetches it and the page speaks Chinese; and the next start opens in Chinese from its first
// paint, before the settings have arrived.
import { expect, test, type Page } from '@playwright/test';
import { startHost, type RunningHost } from '@test-support/host-process';
import { connectHost } from '@test-support/ws-client';

let host: RunningHost;

test.beforeAll(async () => {
  host = await startHost();
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
});

/** The page's requests for the Chinese catalog's chunk (`assets/zh-<hash>.js`). */
function chineseCatalogRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/zh-[^/]*\.js$/.test(new URL(request.url()).pathname)) requests.push(request.url());
  });
  return requests;
}

/** Installed before the page's scripts: the language switch's label the first time it is in the DOM. */
const FIRST_LABEL_PROBE = `
window.__evaFirstLabel = null;
new MutationObserver((records, observer) => {
  const select = document.querySelector('[data-testid="lang-switch"]');
  if (!select) return;
  window.__evaFirstLabel = select.getAttribute('title');
  observer.disconnect();
}).observe(document, { subtree: true, childList: true });
`;

test('English fetches no Chinese; 中文 fetches it once and the next start opens in Chinese', async ({ page }) => {
  const requests = chineseCatalogRequests(page);
  await page.goto(host.url);
  const select = page.getByTestId('lang-switch');
  await expect(select).toBeEnabled();
  await expect(select).toHaveAttribute('title', 'Language');
  // Idle time fetches later pages ahead; wait past it so a catalog fetched there would be seen.
  await page.waitForTimeout(1_500);
  expect(requests).toEqual([]);

  await select.selectOption('zh');
  await expect(select).toHaveAttribute('title', '语言');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  expect(requests).toHaveLength(1);

  await page.addInitScript(FIRST_LABEL_PROBE);
  await page.reload();
  await expect(select).toHaveAttribute('title', '语言');
  expect(await page.evaluate('window.__evaFirstLabel')).toBe('语言');
});

test('a page in English finds a setting by its Chinese name', async ({ page }) => {
  const client = await connectHost(host.url);
  await client.invoke('settings:update', { language: 'en' });
  client.close();
  const requests = chineseCatalogRequests(page);
  await page.goto(host.url);
  await expect(page.getByTestId('lang-switch')).toHaveAttribute('title', 'Language');
  await page.keyboard.press('Control+Comma');
  await page.getByTestId('settings-search').fill('镜像');
  await expect(page.getByTestId('settings-row-hub')).toBeVisible();
  await expect(page.getByTestId('settings-row-language')).toHaveCount(0);
  expect(requests).toHaveLength(1);
});
