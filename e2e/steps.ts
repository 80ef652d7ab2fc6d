// Shared e2e steps: what a user does in the UI, written once.
import { expect, type Page } from '@playwright/test';
import { tinyModel } from '@test-support/host-process';
import { connectHost } from '@test-support/ws-client';

/** Load the tiny test model through the load dialog and wait for "ready"; returns the server's port. */
export async function loadTinyModel(page: Page): Promise<number> {
  await page.getByTestId('load-open').click();
  await expect(page.getByTestId('load-dialog')).toBeVisible();
  await page.getByTestId('model-path').fill(tinyModel);
  await page.getByTestId('load-submit').click();
  await expect(page.getByTestId('status-state')).toHaveAttribute('data-state', 'ready');
  // The server says ready a moment before the dialog hears its load answered and closes.
  await expect(page.getByTestId('load-dialog')).toBeHidden();
  return Number((await page.getByTestId('status-port').textContent())?.match(/(\d+)\s*$/)?.[1]);
}

/**
 * Answer length for the next sends, set through the core like the conventions panel does; the tiny model writes ~1000
 * tokens/s.
 */
export async function setMaxTokens(hostUrl: string, maxTokens: number): Promise<void> {
  const client = await connectHost(hostUrl);
  const { chat } = await client.invoke('settings:get');
  await client.invoke('settings:update', { chat: { sampling: { ...chat.sampling, max_tokens: maxTokens } } });
  client.close();
}

/** The assistant's messages in the chat, oldest first. */
export const assistantMessages = (page: Page) => page.locator('[data-testid="chat-message"][data-role="assistant"]');

/** Type a message and send it with Ctrl+Enter (the default send key). */
export async function sendMessage(page: Page, text: string): Promise<void> {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-input').press('Control+Enter');
}
