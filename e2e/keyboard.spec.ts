// Keyboard only: dialogs and drawers hold the Tab key, Esc closes them and gives the
// focus back to what opened them, a new chat puts the cursor in the message box, the
// message box is the skip link or Ctrl+L away, and the history list is one Tab stop
// walked with the arrows.
// Real browser host, real Chromium, the real llama-server for the chat.
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { repoRoot, startHost, type RunningHost } from '@test-support/host-process';
import { connectHost } from '@test-support/ws-client';
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
const focusInside = (page: Page, testId: string) =>
  page.evaluate(
    (id) => Boolean(document.querySelector(`[data-testid="${id}"]`)?.contains(document.activeElement)),
    testId,
  );

/**
 * Opens a dialog with Enter on its button, walks Tab/Shift+Tab inside it, closes it with Esc and checks the focus came
 * back.
 */
async function checkHeldByKeyboard(
  page: Page,
  openerTestId: string,
  dialogTestId: string,
  presses: number,
  firstFocused?: string,
): Promise<void> {
  const opener = page.getByTestId(openerTestId);
  // A dialog that just closed gives the focus back to its own button a moment later: wait that out.
  await expect(page.locator('[role="dialog"]')).toHaveCount(0);
  await opener.focus();
  await expect(opener).toBeFocused();
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

test('the Parameters panel docks beside the chat on a wide window and stays open while chatting', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(host.url);
  await loadTinyModel(page);
  await page.getByTestId('parameters-toggle').click();
  const panel = page.getByTestId('parameters-panel');
  await expect(panel).toHaveAttribute('data-layout', 'docked');
  await expect(page.getByTestId('parameters-context')).toContainText(/\d/);
  await page.getByTestId('chat-input').fill('hello');
  await page.getByTestId('chat-input').press('Control+Enter');
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toHaveAttribute(
    'data-status',
    /done|stopped/,
  );
  await expect(panel).toBeVisible();
  await page.screenshot({ path: join(repoRoot, 'docs', 'screenshot-parameters.png') });
});

test('on a narrow window the Parameters panel lies over the chat, holds Tab, and Esc gives the focus back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 900, height: 800 });
  await page.goto(host.url);
  await loadTinyModel(page);
  await checkHeldByKeyboard(page, 'parameters-toggle', 'parameters-panel', 60);
});

test('New chat puts the cursor in the message box', async ({ page }) => {
  await page.goto(host.url);
  await loadTinyModel(page);
  await page.getByTestId('chat-input').fill('hello');
  await page.getByTestId('chat-input').press('Control+Enter');
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toHaveAttribute(
    'data-status',
    /done|stopped/,
  );
  await page.getByTestId('chat-new').click();
  await expect(page.getByTestId('chat-input')).toBeFocused();
  await page.keyboard.type('typed straight away');
  await expect(page.getByTestId('chat-input')).toHaveValue('typed straight away');
});

test.describe('the history list', () => {
  let listHost: RunningHost;

  /** Saved chats, as imports; each one's question is its title. */
  async function importChats(url: string, questions: readonly string[]): Promise<void> {
    const client = await connectHost(url);
    for (const question of questions)
      await client.invoke('history:import', {
        text: JSON.stringify([
          { role: 'user', content: question },
          { role: 'assistant', content: `answer to ${question}` },
        ]),
      });
    client.close();
  }

  test.beforeAll(async () => {
    listHost = await startHost();
    // A link endpoint shows the chat and its message box without loading a model; nothing is sent.
    const client = await connectHost(listHost.url);
    const profile = await client.invoke('link:save', {
      profile: { name: 'e2e', presetId: 'llama-server', baseUrl: 'http://127.0.0.1:9/v1', model: 'm' },
    });
    await client.invoke('settings:update', { chat: { endpoint: { kind: 'link', linkId: profile.id } } });
    client.close();
    await importChats(
      listHost.url,
      Array.from({ length: 10 }, (_, i) => `chat number ${i}`),
    );
  });

  test.afterAll(async () => {
    expect(await listHost.stop()).toBe(0);
  });

  /** What has the focus: its test id, and the history row it is in, if any. */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const element = document.activeElement;
      return {
        testId: element?.getAttribute('data-testid') ?? element?.tagName ?? null,
        row: element?.closest<HTMLElement>('[data-testid="history-item"]')?.dataset.id ?? null,
      };
    });

  /**
   * From a fresh page load, Tab until the message box has the focus, taking the skip link ("Skip to message box") with
   * Enter when Tab reaches it; the Tab presses it took and the history rows passed on the way.
   */
  async function tabsToMessageBox(page: Page, expectedRows: number): Promise<{ presses: number; rows: Set<string> }> {
    await page.goto(listHost.url);
    await expect(page.getByTestId('history-item')).toHaveCount(expectedRows);
    await expect(page.getByTestId('chat-input')).toBeVisible();
    const rows = new Set<string>();
    for (let presses = 1; presses <= 80; presses++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      if (now.row !== null) rows.add(now.row);
      if (now.testId === 'skip-to-composer') {
        await expect(page.getByTestId('skip-to-composer')).toBeInViewport();
        await page.keyboard.press('Enter');
        await expect(page.getByTestId('chat-input')).toBeFocused();
        return { presses, rows };
      }
      if (now.testId === 'chat-input') return { presses, rows };
    }
    throw new Error('80 Tab presses never reached the message box');
  }

  test('from page load the message box is at most 3 Tab presses away, through the skip link, with 10 or 20 chats', async ({
    page,
  }) => {
    const ten = await tabsToMessageBox(page, 10);
    expect(ten.rows.size, 'history rows Tab stopped at').toBe(0);
    expect(ten.presses).toBeLessThanOrEqual(3);
    await page.screenshot({ path: join(repoRoot, 'test-results', 'e2e', 'keyboard-skip-link.png') });

    await importChats(
      listHost.url,
      Array.from({ length: 10 }, (_, i) => `another chat ${i}`),
    );
    const twenty = await tabsToMessageBox(page, 20);
    expect(twenty.rows.size).toBe(0);
    expect(twenty.presses).toBe(ten.presses);
  });

  test('the skip link is out of sight until it has the focus', async ({ page }) => {
    await page.goto(listHost.url);
    await expect(page.getByTestId('chat-input')).toBeVisible();
    await expect(page.getByTestId('skip-to-composer')).not.toBeInViewport();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('skip-to-composer')).toBeFocused();
    await expect(page.getByTestId('skip-to-composer')).toBeInViewport();
    await page.screenshot({ path: join(repoRoot, 'test-results', 'e2e', 'keyboard-skip-link-focused.png') });
  });

  test('Ctrl+L puts the cursor in the message box from another page, and the hotkeys panel lists it', async ({
    page,
  }) => {
    await page.goto(listHost.url);
    await expect(page.getByTestId('chat-input')).toBeVisible();
    await page.getByTestId('open-about').click();
    await expect(page.getByTestId('chat-input')).toHaveCount(0);
    await page.keyboard.press('Control+L');
    await expect(page.getByTestId('chat-input')).toBeFocused();
    await page.keyboard.type('typed straight away');
    await expect(page.getByTestId('chat-input')).toHaveValue('typed straight away');

    await page.getByTestId('hotkeys-open').click();
    await expect(page.getByTestId('hotkey-focusComposer')).toHaveValue('Ctrl+L');
  });

  test('arrows move through the rows, Enter opens one, Tab leaves the list and comes back to the open row; Shift+F10 opens its menu', async ({
    page,
  }) => {
    await page.goto(listHost.url);
    const rows = page.getByTestId('history-item');
    // The list arrives after the page paints: Tab from the search box before then leaves the sidebar (a CI run raced
    // it).
    await expect(rows.first()).toBeVisible();
    await expect(page.getByTestId('chat-input')).toBeVisible();
    const ids = await rows.evaluateAll((elements) =>
      elements.map((element) => (element as HTMLElement).dataset.id ?? ''),
    );
    await page.getByTestId('history-search').focus();
    await page.keyboard.press('Tab');
    expect((await focused(page)).row).toBe(ids[0]);

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect((await focused(page)).row).toBe(ids[2]);
    await page.keyboard.press('End');
    expect((await focused(page)).row).toBe(ids[ids.length - 1]);
    await page.keyboard.press('Home');
    expect((await focused(page)).row).toBe(ids[0]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const chosen = rows.nth(3);
    const title = (await chosen.getByTestId('history-title').textContent()) ?? '';
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-testid="chat-message"][data-role="user"]')).toContainText(title);
    await expect(chosen.getByTestId('history-open')).toHaveAttribute('aria-current', 'true');
    await expect(page.locator('[data-testid="history-open"][aria-current]')).toHaveCount(1);
    await page.screenshot({ path: join(repoRoot, 'test-results', 'e2e', 'keyboard-history-open.png') });

    await chosen.getByTestId('history-open').focus();
    await page.keyboard.press('Tab');
    expect((await focused(page)).row, 'Tab leaves the list').toBeNull();
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page)).row, 'Shift+Tab comes back to the open row').toBe(ids[3]);

    await page.keyboard.press('Shift+F10');
    await expect(chosen.getByTestId('history-menu-list')).toBeVisible();
    await expect(chosen.getByTestId('history-rename')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(chosen.getByTestId('history-menu-list')).toHaveCount(0);
    expect((await focused(page)).row).toBe(ids[3]);
  });
});
