// Layout checks a user would notice: a notice never covers the Send button, and math
// gets its own fonts. Real browser host, real Chromium, the real llama-server; the
// notice is a real one (the core found a damaged settings file at start), shown once.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { repoRoot, startHost, type RunningHost } from '@test-support/host-process';
import { connectHost } from '@test-support/ws-client';
import { loadTinyModel } from './steps';

let host: RunningHost;

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
  const overlaps = noticeBox.x < sendBox.x + sendBox.width && sendBox.x < noticeBox.x + noticeBox.width && noticeBox.y < sendBox.y + sendBox.height && sendBox.y < noticeBox.y + noticeBox.height;
  expect(overlaps).toBe(false);
  await page.screenshot({ path: join(repoRoot, 'test-results', 'e2e', 'layout-notice.png') });
});

test('math renders with its own fonts: the page policy lets the inlined KaTeX fonts load', async ({ page }) => {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  const client = await connectHost(host.url);
  await client.invoke('history:import', { text: JSON.stringify([{ role: 'user', content: 'Einstein?' }, { role: 'assistant', content: 'It is $$E = mc^2$$ and $\\sum_{k=1}^{n} k$.' }]) });
  client.close();
  await page.goto(host.url);
  await loadTinyModel(page);
  await page.getByTestId('history-item').first().getByTestId('history-open').click();
  await expect(page.locator('.katex').first()).toBeVisible();
  // Fonts load lazily once math is on screen; give them a moment to be refused, if they are.
  await page.waitForTimeout(500);
  const katexFontLoaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].some((font) => font.family.includes('KaTeX') && font.status === 'loaded');
  });
  expect(katexFontLoaded).toBe(true);
  expect(blocked).toEqual([]);
});

test('a history row keeps its title width when its actions show', async ({ page }) => {
  const client = await connectHost(host.url);
  await client.invoke('history:import', { text: JSON.stringify([{ role: 'user', content: 'A fairly long question about mountains and rivers' }, { role: 'assistant', content: 'ok' }]) });
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
    await client.invoke('history:import', { text: JSON.stringify([{ role: 'user', content: question }, { role: 'assistant', content: 'ok' }]) });
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
  const onTop = await page.evaluate(([x, y]) => document.elementFromPoint(x as number, y as number)?.getAttribute('data-testid') ?? null, [box.x + box.width / 2, box.y + box.height / 2]);
  expect(onTop).toBe('history-delete');
});
