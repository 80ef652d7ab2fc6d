// Keyboard only: dialogs and drawers hold the Tab key, Esc closes them and gives the
// focus back to what opened them, and a new chat puts the cursor in the message box.
// Real browser host, real Chromium, the real llama-server for the chat.
import { expect, test, type Page } from '@playwright/test';
import { startHost, type RunningHost } from '@test-support/host-process';
import { loadTinyModel, setMaxTokens } from './steps';

let host: RunningHost;

test.beforeAll(async () => {
  host = await startHost();
  await setMaxTokens(host.url, 8);
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
});

/** Whether the focused element is inside the element with this test id. */
const focusInside = (page: Page, testId: string) => page.evaluate((id) => Boolean(document.querySelector(`[data-testid="${id}"]`)?.contains(document.activeElement)), testId);

/** Opens a dialog with Enter on its button, walks Tab/Shift+Tab inside it, closes it with Esc and checks the focus came back. */
async function checkHeldByKeyboard(page: Page, openerTestId: string, dialogTestId: string, presses: number, firstFocused?: string): Promise<void> {
  const opener = page.getByTestId(openerTestId);
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(dialogTestId)).toBeVisible();
  if (firstFocused) await expect(page.getByTestId(firstFocused)).toBeFocused();
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    expect(await focusInside(page, dialogTestId), `after ${i + 1} presses`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(dialogTestId)).toHaveCount(0);
  await expect(opener).toBeFocused();
}

test('the load dialog holds Tab, Esc closes it, and the focus goes back to the Load button', async ({ page }) => {
  await page.goto(host.url);
  await checkHeldByKeyboard(page, 'load-open', 'load-dialog', 45, 'model-path');
});

test('a side panel (conventions) holds Tab too, and Esc gives the focus back', async ({ page }) => {
  await page.goto(host.url);
  await loadTinyModel(page);
  await checkHeldByKeyboard(page, 'conventions-open', 'conventions-panel', 60);
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
