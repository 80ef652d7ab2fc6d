// Keyboard only: dialogs and drawers hold the Tab key, Esc closes them and gives the
// focus back to what opened them, and a new chat puts the cursor in the message box.
// Real browser host, real Chromium, the real llama-server for the chat.
import { expect, test, type Page } from '@playwright/test';
import { startHost, type RunningHost } from '@test-support/host-process';
import { connectHost } from '@test-support/ws-client';
import { loadTinyModel } from './steps';

let host: RunningHost;

test.beforeAll(async () => {
  host = await startHost();
  const client = await connectHost(host.url);
  const { chat } = await client.invoke('settings:get');
  await client.invoke('settings:update', { chat: { sampling: { ...chat.sampling, max_tokens: 8 } } });
  client.close();
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
});

/** Whether the focused element is inside the element with this test id. */
const focusInside = (page: Page, testId: string) => page.evaluate((id) => Boolean(document.querySelector(`[data-testid="${id}"]`)?.contains(document.activeElement)), testId);

async function tabAround(page: Page, testId: string, presses: number): Promise<void> {
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    expect(await focusInside(page, testId), `after ${i + 1} presses`).toBe(true);
  }
}

test('the load dialog holds Tab, Esc closes it, and the focus goes back to the Load button', async ({ page }) => {
  await page.goto(host.url);
  const opener = page.getByTestId('load-open');
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('load-dialog')).toBeVisible();
  await expect(page.getByTestId('model-path')).toBeFocused();
  await tabAround(page, 'load-dialog', 45);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('load-dialog')).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('a side panel (conventions) holds Tab too, and Esc gives the focus back', async ({ page }) => {
  await page.goto(host.url);
  await loadTinyModel(page);
  const opener = page.getByTestId('conventions-open');
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('conventions-panel')).toBeVisible();
  await tabAround(page, 'conventions-panel', 60);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('conventions-panel')).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('New chat puts the cursor in the message box', async ({ page }) => {
  await page.goto(host.url);
  await loadTinyModel(page);
  await page.getByTestId('chat-input').fill('hello');
  await page.getByTestId('chat-input').press('Control+Enter');
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toHaveAttribute('data-status', /done|stopped/);
  await page.getByTestId('chat-new').click();
  await expect(page.getByTestId('chat-input')).toBeFocused();
  await page.keyboard.type('typed straight away');
  await expect(page.getByTestId('chat-input')).toHaveValue('typed straight away');
});
