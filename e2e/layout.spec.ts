// Layout checks a user would notice: a notice never covers the Send button, and math
// gets its own fonts. Real browser host, real Chromium, the real llama-server; the
// notice is a real one (the core found a damaged settings file at start), shown once.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { repoRoot, startHost, type RunningHost } from '@test-support/host-process';
import { connectHost } from '@test-support/ws-client';
import { loadTinyModel } from './steps';

let host: RunningHost;

/** The token meter's row: its vertical middle, as a box of that height at Send's height. */
async function meterBox(page: Page): Promise<{ y: number } | null> {
  const box = await page.getByTestId('context-meter').boundingBox();
  const send = await page.getByTestId('chat-send').boundingBox();
  return box && send ? { y: box.y + box.height / 2 - send.height / 2 } : null;
}

/** The top-bar tabs whose 3px focus ring would be cut by their scrolling nav (scrolled to its start). */
function cutFocusRings(page: Page): Promise<(string | null)[]> {
  return page.evaluate(() => {
    const nav = document.querySelector('.topbar-nav') as HTMLElement;
    nav.scrollLeft = 0;
    const box = nav.getBoundingClientRect();
    return [...nav.querySelectorAll('button')].flatMap((b) => {
      const r = b.getBoundingClientRect();
      const cut = r.top - 3 < box.top || r.bottom + 3 > box.bottom || (r.left - 3 < box.left && r.left < box.left + 10);
      return cut ? [b.textContent] : [];
    });
  });
}

test.beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'eva-e2e-layout-'));
  writeFileSync(join(dataDir, 'settings.json'), '{ "version": 1, "language": ');
  host = await startHost({ EVA_DATA_DIR: dataDir });
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
});

test('a notice sits under the top bar, clear of the Send button', async ({ page }) => {
  await page.goto(host.url);
  const notice = page.getByTestId('notice').first();
  await expect(notice).toHaveAttribute('data-code', 'settings_corrupt');
  await loadTinyModel(page);
  await page.getByTestId('chat-input').fill('hello');
  const [noticeBox, sendBox] = [await notice.boundingBox(), await page.getByTestId('chat-send').boundingBox()];
  if (!noticeBox || !sendBox) throw new Error('the notice or the Send button is not on screen');
  const overlaps =
    noticeBox.x < sendBox.x + sendBox.width &&
    sendBox.x < noticeBox.x + noticeBox.width &&
    noticeBox.y < sendBox.y + sendBox.height &&
    sendBox.y < noticeBox.y + noticeBox.height;
  expect(overlaps).toBe(false);
  await page.screenshot({ path: join(repoRoot, 'test-results', 'e2e', 'layout-notice.png') });
});

test('math renders with its own fonts: the page policy lets the inlined KaTeX fonts load', async ({ page }) => {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  const client = await connectHost(host.url);
  await client.invoke('history:import', {
    text: JSON.stringify([
      { role: 'user', content: 'Einstein?' },
      { role: 'assistant', content: 'It is $$E = mc^2$$ and $\\sum_{k=1}^{n} k$.' },
    ]),
  });
  client.close();
  await page.goto(host.url);
  await loadTinyModel(page);
  await page.getByTestId('history-item').first().getByTestId('history-open').click();
  await expect(page.locator('.katex').first()).toBeVisible();
  // Fonts load lazily once math is on screen: wait until a KaTeX face has loaded (a refused one never does).
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].some((font) => font.family.includes('KaTeX') && font.status === 'loaded');
      }),
    )
    .toBe(true);
  expect(blocked).toEqual([]);
});

test('a history row keeps its title width when its actions show', async ({ page }) => {
  const client = await connectHost(host.url);
  await client.invoke('history:import', {
    text: JSON.stringify([
      { role: 'user', content: 'A fairly long question about mountains and rivers' },
      { role: 'assistant', content: 'ok' },
    ]),
  });
  client.close();
  await page.goto(host.url);
  const row = page.getByTestId('history-item').first();
  const title = row.getByTestId('history-title');
  await expect(title).toBeVisible();
  const before = (await title.boundingBox())?.width ?? 0;
  await row.hover();
  await expect(row.getByTestId('history-menu')).toBeVisible();
  const after = (await title.boundingBox())?.width ?? 0;
  expect(before).toBeGreaterThan(100);
  expect(after).toBe(before);
});

test('a history row menu paints above the rows below it, and its items can be clicked', async ({ page }) => {
  const client = await connectHost(host.url);
  for (const question of ['first question', 'second question', 'third question']) {
    await client.invoke('history:import', {
      text: JSON.stringify([
        { role: 'user', content: question },
        { role: 'assistant', content: 'ok' },
      ]),
    });
  }
  client.close();
  await page.goto(host.url);
  const top = page.getByTestId('history-item').first();
  await top.hover();
  await top.getByTestId('history-menu').click();
  const last = top.getByTestId('history-delete');
  await expect(last).toBeVisible();
  const box = await last.boundingBox();
  if (!box) throw new Error('no delete item on screen');
  const onTop = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x as number, y as number)?.getAttribute('data-testid') ?? null,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(onTop).toBe('history-delete');
});

test.describe('at 800×700', () => {
  test.use({ viewport: { width: 800, height: 700 } });

  /** Whether a box lies inside the 800×700 viewport. */
  const inside = (box: { x: number; y: number; width: number; height: number } | null): boolean =>
    box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= 800 && box.y + box.height <= 700;

  test('the page never scrolls sideways; the model chip is readable (full name in its title), the header menus stay inside the viewport, whole focus rings on the tabs, Send beside the token meter', async ({
    page,
  }) => {
    await page.goto(host.url);
    await loadTinyModel(page);
    for (const language of ['en', 'zh'] as const) {
      await page.getByTestId('lang-switch').selectOption(language);
      await expect(page.locator('html')).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en');
      const [send, meter] = [await page.getByTestId('chat-send').boundingBox(), await meterBox(page)];
      expect.soft(send && meter && Math.abs(send.y - meter.y) < 10, `${language}: Send on the meter's row`).toBe(true);
      expect
        .soft(await cutFocusRings(page), `${language}: tabs whose focus ring (theme.css: 3px out) is cut`)
        .toEqual([]);
      const [shown, needed] = await page.getByTestId('lang-switch').evaluate((select: HTMLSelectElement) => {
        const width = select.getBoundingClientRect().width;
        select.style.maxWidth = 'none';
        return [width, select.getBoundingClientRect().width];
      });
      expect.soft(shown, `${language}: the language menu shows its longest name`).toBeGreaterThanOrEqual(needed! - 0.5);
      const widths = await page.evaluate(() => {
        const root = document.scrollingElement as Element;
        const nav = document.querySelector('.topbar-nav') as Element;
        return { page: [root.scrollWidth, root.clientWidth], nav: [nav.scrollWidth, nav.clientWidth] };
      });
      expect(widths.page[0], `${language}: page scroll width`).toBeLessThanOrEqual(widths.page[1] ?? 0);
      expect(widths.nav[0], `${language}: every tab shows`).toBeLessThanOrEqual(widths.nav[1] ?? 0);
      const chip = page.getByTestId('endpoint-label');
      expect(inside(await chip.boundingBox()), `${language}: chip inside`).toBe(true);
      expect(
        (await chip.locator('.endpoint-name').boundingBox())?.width ?? 0,
        `${language}: chip name not crushed`,
      ).toBeGreaterThanOrEqual(70);
      await expect(chip).toHaveAttribute('title', /tiny-llama/);
      expect(inside(await page.getByTestId('lang-switch').boundingBox()), `${language}: language menu inside`).toBe(
        true,
      );
      expect(inside(await page.getByTestId('backend-stop').boundingBox()), `${language}: Unload inside`).toBe(true);
    }
    await page.screenshot({ path: join(repoRoot, 'test-results', 'e2e', 'layout-800-header-zh.png') });
    await page.getByTestId('lang-switch').selectOption('auto');
    await page.screenshot({ path: join(repoRoot, 'test-results', 'e2e', 'layout-800-header.png') });
  });

  test('the history starts collapsed, opens over the chat holding Tab, its row menu inside the viewport; Esc closes it', async ({
    page,
  }) => {
    const client = await connectHost(host.url);
    await client.invoke('history:import', {
      text: JSON.stringify([
        { role: 'user', content: 'a question at 800 px' },
        { role: 'assistant', content: 'ok' },
      ]),
    });
    client.close();
    await page.goto(host.url);
    const toggle = page.getByTestId('sidebar-toggle');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('history')).toHaveCount(0);

    await toggle.focus();
    await page.keyboard.press('Enter');
    const history = page.getByTestId('history');
    await expect(history).toHaveAttribute('role', 'dialog');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('history-search')).toBeFocused();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(i % 4 === 3 ? 'Shift+Tab' : 'Tab');
      expect(
        await page.evaluate(() =>
          Boolean(document.querySelector('[data-testid="history-overlay"]')?.contains(document.activeElement)),
        ),
        `after ${i + 1} presses`,
      ).toBe(true);
    }
    const row = page.getByTestId('history-item').first();
    await row.getByTestId('history-open').focus();
    await page.keyboard.press('Shift+F10');
    const menu = row.getByTestId('history-menu-list');
    await expect(menu).toBeVisible();
    expect(inside(await menu.boundingBox()), 'row menu inside').toBe(true);
    // Every item paints above the rows under the menu, so each can be clicked where it shows.
    for (const item of await menu.getByRole('menuitem').all()) {
      const box = await item.boundingBox();
      if (!box) throw new Error('a menu item is not on screen');
      const hit = await page.evaluate(
        ([x, y]) =>
          document
            .elementFromPoint(x as number, y as number)
            ?.closest('[role="menuitem"]')
            ?.getAttribute('data-testid') ?? null,
        [box.x + box.width / 2, box.y + box.height / 2],
      );
      expect(hit).toBe(await item.getAttribute('data-testid'));
    }
    expect(
      await page.evaluate(() => document.scrollingElement!.scrollWidth <= document.scrollingElement!.clientWidth),
    ).toBe(true);
    await page.screenshot({ path: join(repoRoot, 'test-results', 'e2e', 'layout-800-history-overlay.png') });
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(history).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(page.getByTestId('history')).toHaveCount(0);
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Control+b');
    await expect(page.getByTestId('history')).toBeVisible();
    await page.keyboard.press('Control+b');
    await expect(page.getByTestId('history')).toHaveCount(0);
  });
});

test('on a wide window the button folds the docked history away, and it stays folded after a reload', async ({
  page,
}) => {
  await page.goto(host.url);
  const toggle = page.getByTestId('sidebar-toggle');
  await expect(page.getByTestId('history')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const chatLeft = async (): Promise<number> =>
    (await page.locator('.home-layout > :last-child').boundingBox())?.x ?? -1;
  expect(await chatLeft()).toBeGreaterThan(200);

  await toggle.click();
  await expect(page.getByTestId('history')).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(await chatLeft()).toBe(0);
  await page.screenshot({ path: join(repoRoot, 'test-results', 'e2e', 'layout-history-folded.png') });
  await page.reload();
  await expect(page.getByTestId('sidebar-toggle')).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('history')).toHaveCount(0);

  await page.getByTestId('sidebar-toggle').click();
  await expect(page.getByTestId('history')).toBeVisible();
});

test('the message box grows with its text up to a limit, scrolls inside past it, and is one line again after sending', async ({
  page,
}) => {
  await page.goto(host.url);
  await loadTinyModel(page);
  const input = page.getByTestId('chat-input');
  const height = async (): Promise<number> => (await input.boundingBox())?.height ?? 0;
  const oneLine = await height();
  await input.fill('one\ntwo\nthree');
  const threeLines = await height();
  expect(threeLines).toBeGreaterThan(oneLine + 30);
  await input.fill(Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n'));
  // The stylesheet's limit (max-height 280px), then a scroll bar inside the box.
  expect(await height()).toBeLessThanOrEqual(281);
  expect(await height()).toBeGreaterThan(threeLines);
  expect(await input.evaluate((box) => box.scrollHeight > box.clientHeight)).toBe(true);
  await input.fill('hello');
  await input.press('Control+Enter');
  await expect(input).toHaveValue('');
  expect(await height()).toBe(oneLine);
});
