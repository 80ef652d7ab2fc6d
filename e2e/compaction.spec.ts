// Compacting a conversation in real Chromium against the real browser host and
// the tiny model: once the meter says the context is nearly full its popover
// offers Compact, the model summarises the older exchanges, the transcript marks
// what the summary stands for (the messages stay), and the meter counts and draws
// the summary's share. The screenshot is kept in docs/.
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { repoRoot, startHost, type RunningHost } from '@test-support/host-process';
import { connectHost } from '@test-support/ws-client';
import { assistantMessages, loadTinyModel, sendMessage, setMaxTokens } from './steps';

let host: RunningHost;

test.beforeAll(async () => {
  host = await startHost();
  await setMaxTokens(host.url, 24);
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
});

/** About 400 tokens: four of them fill most of the 2,048-token context. */
const question = (turn: number) =>
  `Turn ${turn}: ${'The tram to Belem leaves at nine and the budget is twelve hundred euros. '.repeat(20)}`;

test('Compact summarises the older exchanges; the transcript marks them and the meter counts the summary', async ({
  page,
}) => {
  await page.goto(host.url);
  await loadTinyModel(page);
  const meter = page.getByTestId('context-meter');
  const client = await connectHost(host.url);
  // The list is virtualised (rows far from the view are not in the page): the history says how many are saved.
  const saved = async () => (await client.invoke('history:list')).conversations[0]?.messageCount ?? 0;
  for (let turn = 1; turn <= 6; turn++) {
    await sendMessage(page, question(turn));
    await expect.poll(saved).toBe(2 * turn);
    await expect(assistantMessages(page).last()).toHaveAttribute('data-status', /done|stopped/);
    await expect(page.getByTestId('chat-input')).toHaveValue('');
    // The meter plans again once the answer is in (a level read before that only costs one more turn).
    await expect(meter).not.toHaveAttribute('data-level', 'unknown');
    if ((await meter.getAttribute('data-level')) !== 'ok') break;
  }
  await expect(meter).toHaveAttribute('data-level', /near|over|full/);

  await page.getByTestId('context-meter-button').click();
  const popover = page.getByTestId('context-popover');
  await popover.getByTestId('context-compact-button').click();
  // The model's summary, kept in the history: the messages it covers are marked, not removed.
  await expect(page.getByTestId('summary-marker')).toHaveCount(1, { timeout: 60_000 });
  await expect(page.locator('.chat-row[data-summarised]').first()).toBeAttached();
  await expect(meter).toHaveAttribute('data-level', 'ok');
  await expect(page.getByTestId('context-meter-summary')).toBeVisible();
  if (!(await popover.isVisible())) await page.getByTestId('context-meter-button').click();
  await expect(page.getByTestId('context-summary-share')).toContainText('summary');

  const { conversations } = await client.invoke('history:list');
  const opened = await client.invoke('history:open', { id: conversations[0]!.id });
  client.close();
  expect(opened.checkpoints).toHaveLength(1);
  expect(opened.messages.length).toBeGreaterThanOrEqual(8);
  // The marker in view beside the meter's popover.
  await page.keyboard.press('Escape');
  await page.getByTestId('summary-marker').evaluate((marker) => marker.scrollIntoView({ block: 'center' }));
  await page.getByTestId('context-meter-button').click();
  await expect(page.getByTestId('context-summary-share')).toBeVisible();
  await page.screenshot({ path: join(repoRoot, 'docs', 'compaction-meter.png') });

  // The summary, to read, under the marker.
  await page.keyboard.press('Escape');
  await page.getByTestId('summary-marker-toggle').click();
  await expect(page.getByTestId('summary-text')).toHaveText(opened.checkpoints![0]!.summary);
});
