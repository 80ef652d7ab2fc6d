import { expect, test, type Page } from '@playwright/test';
import { startHost, type RunningHost } from '@test-support/host-process';
import { assistantMessages, loadTinyModel, sendMessage, setMaxTokens } from './steps';

let host: RunningHost;

test.beforeAll(async () => {
  host = await startHost();
  await setMaxTokens(host.url, 32);
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
});

const messages = (page: Page) => page.getByTestId('chat-message');

async function send(page: Page, text: string): Promise<void> {
  await sendMessage(page, text);
  await expect(assistantMessages(page).last()).toHaveAttribute('data-status', /done|stopped/);
}

test('history: a reload keeps the conversation; search opens it; rename; delete and undo', async ({ page }) => {
  await page.goto(host.url);
  await loadTinyModel(page);
  await send(page, 'Remember the word pelican');
  await send(page, 'And a second question');
  await expect(messages(page)).toHaveCount(4);

  // The conversation is saved by the core while it streams: a reload shows it again.
  await page.reload();
  await expect(messages(page)).toHaveCount(4);
  await expect(messages(page).first()).toContainText('Remember the word pelican');
  // Each answer's figures come back with it: the server's own, as stored.
  await expect(messages(page).nth(1).getByTestId('chat-stats')).toHaveAttribute('data-source', 'server');
  await expect(messages(page).nth(3).getByTestId('chat-stats')).toContainText(/tok\/s/);
  const row = page.getByTestId('history-item').first();
  await expect(row.getByTestId('history-title')).toHaveText('Remember the word pelican');

  // A second conversation, so opening from search has something to switch away from.
  await page.getByTestId('history-new').click();
  await expect(messages(page)).toHaveCount(0);
  await send(page, 'Something else entirely');
  await expect(page.getByTestId('history-item')).toHaveCount(2);

  // Search over full message text: the hit is highlighted and opens the conversation at it.
  await page.getByTestId('history-search').fill('second quest');
  const hit = page
    .getByTestId('history-result')
    .filter({ has: page.locator('mark') })
    .first();
  await expect(hit.locator('mark')).toHaveText(/second quest/i);
  await hit.click();
  await expect(messages(page)).toHaveCount(4);
  await expect(page.locator('.chat-row.focused')).toContainText('And a second question');
  await page.getByTestId('history-search').fill('');

  // Rename.
  const first = page.getByTestId('history-item').filter({ hasText: 'Remember the word pelican' });
  await first.hover();
  // A row's actions are words in a menu (⋯, or right-click), leaving the title its width.
  await first.getByTestId('history-menu').click();
  await expect(first.getByTestId('history-menu-list')).toContainText('Export as Markdown');
  await first.getByTestId('history-rename').click();
  await page.getByTestId('history-rename-input').fill('Pelican chat');
  await page.getByTestId('history-rename-input').press('Enter');
  await expect(page.getByTestId('history-title').filter({ hasText: 'Pelican chat' })).toHaveCount(1);

  // Delete, then undo.
  const renamed = page.getByTestId('history-item').filter({ hasText: 'Pelican chat' });
  // Right-click opens the same menu; the keyboard walks it.
  await renamed.getByTestId('history-open').click({ button: 'right' });
  await expect(renamed.getByTestId('history-rename')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(renamed.getByTestId('history-delete')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('history-item')).toHaveCount(1);
  await expect(messages(page)).toHaveCount(0);
  await page.getByTestId('history-undo').click();
  await expect(page.getByTestId('history-item')).toHaveCount(2);
  await page.getByTestId('history-item').filter({ hasText: 'Pelican chat' }).getByTestId('history-open').click();
  await expect(messages(page)).toHaveCount(4);

  // Still there after another reload, renamed.
  await page.reload();
  await expect(page.getByTestId('history-title').filter({ hasText: 'Pelican chat' })).toHaveCount(1);
});
