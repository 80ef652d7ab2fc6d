import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { repoRoot, startHost, type RunningHost } from '@test-support/host-process';
import { longPrompt } from '@test-support/llama/long-prompt';
import { startTestServer } from '@test-support/llama/test-server';
import { connectHost } from '@test-support/ws-client';
import type { MessageStatus } from '@shared/history/types';
import { assistantMessages, loadTinyModel, sendMessage, setMaxTokens as setMaxTokensOn } from './steps';

let host: RunningHost;

/** Answer length for the next sends; the tiny model writes ~1000 tokens/s. */
const setMaxTokens = (maxTokens: number) => setMaxTokensOn(host.url, maxTokens);

test.beforeAll(async () => {
  host = await startHost();
  await setMaxTokens(256);
  // One server thread: the tiny model then fills its 2,048-token context slowly enough for a user to press Stop.
  const client = await connectHost(host.url);
  await client.invoke('settings:update', { load: { threads: 1 } });
  client.close();
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
});

const assistant = assistantMessages;
const send = sendMessage;

test('chat with the local model: tokens stream in, figures appear, stop keeps the partial answer, regenerate', async ({
  page,
}) => {
  await page.goto(host.url);
  await loadTinyModel(page);
  await expect(page.getByTestId('chat-view')).toBeVisible();

  await send(page, 'Hello EVA');
  await expect(page.locator('[data-testid="chat-message"][data-role="user"]').last()).toContainText('Hello EVA');
  const first = assistant(page).last();
  await expect(first).toHaveAttribute('data-status', 'done');
  expect(((await first.getByTestId('chat-content').textContent()) ?? '').length).toBeGreaterThan(0);
  await expect(first.getByTestId('chat-stats')).toContainText(/t\/s|tok/);
  // Saved as it streamed: the sidebar lists it.
  await expect(page.getByTestId('history-item')).toHaveCount(1);
  await page.screenshot({ path: join(repoRoot, 'docs', 'screenshot-chat.png') });

  // A long answer, stopped while it streams.
  await setMaxTokens(100_000);
  await page.reload();
  await expect(page.getByTestId('status-state')).toHaveAttribute('data-state', 'ready');
  // The reload reopened the first conversation: start a new one, so the whole context is left for the story.
  await expect(assistant(page)).toHaveCount(1);
  await page.getByTestId('chat-new').click();
  await expect(assistant(page)).toHaveCount(0);
  await send(page, 'Tell me a long story');
  const streaming = assistant(page).last();
  const grows = async () => ((await streaming.getByTestId('chat-content').textContent()) ?? '').length;
  // The tiny model fills its 2,048-token context (llama-server caps a slot at the model's trained
  // context) in about 1.5 s: press Stop in the same frame the first words show. A poll from the
  // test (expect.poll waits 100, 250, 500, 1000 ms) could come after the answer was complete.
  // A function, not a string: a string predicate is evaluated with eval in the page, and the
  // page's CSP (script-src 'self') refused that in a run on a loaded machine.
  await page.waitForFunction(
    () => {
      const answers = document.querySelectorAll('[data-testid="chat-message"][data-role="assistant"]');
      const text = answers[answers.length - 1]?.querySelector('[data-testid="chat-content"]')?.textContent ?? '';
      const stop = document.querySelector<HTMLElement>('[data-testid="chat-stop"]');
      if (text.length === 0 || !stop) return false;
      stop.click();
      return true;
    },
    undefined,
    { polling: 'raf' },
  );
  await expect(streaming).toHaveAttribute('data-status', 'stopped');
  expect(await grows()).toBeGreaterThan(0);
  // The saved answer, not the page's text: Markdown, KaTeX and the highlighter render after the stream settles, so the
  // text on screen may still change after Stop without a token having arrived.
  const kept = await storedAnswer('Tell me a long story', 'stopped');
  expect(kept.length).toBeGreaterThan(0);

  // Regenerate puts a new answer in the stopped one's place (it may fill the context before we can stop it); the old
  // one stays a ‹ › away.
  const answersBefore = await assistant(page).count();
  await page.getByTestId('chat-regenerate').last().click();
  const again = assistant(page).last();
  await expect
    .poll(async () => ((await again.getByTestId('chat-content').textContent()) ?? '').length)
    .toBeGreaterThan(0);
  await page
    .getByTestId('chat-stop')
    .click({ timeout: 2000 })
    .catch(() => undefined);
  await expect(again).toHaveAttribute('data-status', /stopped|done/);
  await expect(assistant(page)).toHaveCount(answersBefore);
  await expect(page.getByTestId('branch-position').last()).toHaveText('2/2');
  await page.getByTestId('branch-previous').last().click();
  await expect(assistant(page).last()).toHaveAttribute('data-status', 'stopped');
  await expect(page.getByTestId('branch-position').last()).toHaveText('1/2');
  // A whole second answer streamed since Stop: a token of the stopped one arriving late would show here.
  expect(await storedAnswer('Tell me a long story', 'stopped')).toBe(kept);
});

test("the context meter counts the message with the server's own tokenizer; one that cannot fit is refused in words and never sent", async ({
  page,
}) => {
  await page.goto(host.url);
  await expect(page.getByTestId('status-state')).toHaveAttribute('data-state', /ready|stopped/);
  if ((await page.getByTestId('status-state').getAttribute('data-state')) !== 'ready') await loadTinyModel(page);
  await expect(page.getByTestId('status-state')).toHaveAttribute('data-state', 'ready');
  // A fresh page (its own storage): an empty conversation.
  await expect(assistant(page)).toHaveCount(0);

  await page.getByTestId('chat-input').fill('Hello there, how are you today?');
  const meter = page.getByTestId('context-meter-text');
  // Exact (no ≈): counted by llama-server's own template and tokenizer against the context it runs with.
  await expect(meter).toHaveText(/^\d+ \/ 2,048 tokens$/);
  const tokens = Number((await meter.textContent())?.split(' ')[0]);
  expect(tokens).toBeGreaterThan(5);
  expect(tokens).toBeLessThan(100);
  await expect(page.getByTestId('context-meter')).toHaveAttribute('data-level', 'ok');

  await page.getByTestId('chat-input').fill('word '.repeat(3000));
  await expect(page.getByTestId('context-meter')).toHaveAttribute('data-level', 'full');
  await page.getByTestId('context-meter-button').click();
  // Nothing older to leave out: the policy cannot help, and the meter says so before sending.
  await expect(page.getByTestId('context-popover')).toContainText('sending will be refused');
  await page.getByTestId('context-meter-button').click();
  await page.getByTestId('chat-input').press('Control+Enter');
  // In words, with both numbers and what to do; nothing went to the server, so no raw HTTP 400.
  await expect(page.getByTestId('context-refusal')).toContainText('Not sent');
  await expect(page.getByTestId('context-refusal')).toContainText('2,048');
  await expect(assistant(page)).toHaveCount(0);
  await expect(page.getByTestId('chat-input')).not.toHaveValue('');
  await page.screenshot({ path: join(repoRoot, 'docs', 'screenshot-context.png') });
});

test('a question typed with a pause is read ahead: after Send the server reads only what was typed since, where a question sent at once is read whole', async ({
  page,
}) => {
  await setMaxTokens(8);
  await page.goto(host.url);
  await expect(page.getByTestId('status-state')).toHaveAttribute('data-state', /ready|stopped/);
  if ((await page.getByTestId('status-state').getAttribute('data-state')) !== 'ready') await loadTinyModel(page);
  await expect(page.getByTestId('status-state')).toHaveAttribute('data-state', 'ready');
  const client = await connectHost(host.url);
  // Each request the server finishes logs its prompt reading ("prompt eval time = … / N tokens").
  const readings = async () =>
    (await client.invoke('backend:log')).lines.filter((line) => line.text.includes('prompt eval time')).length;
  const promptRead = async () =>
    Number(
      ((await assistant(page).last().getByTestId('chat-stats').textContent()) ?? '')
        .match(/prompt ([\d,]+)/)?.[1]
        ?.replace(/,/g, ''),
    );
  const input = page.getByTestId('chat-input');

  // Typed, then a pause: the draft is read while the user thinks of the last words.
  const before = await readings();
  // Under one read-ahead step (READ_AHEAD_STEP_CHARS): one reading, then the last words typed.
  await input.fill(`${longPrompt(14)}\nWhich line names the dog`);
  await expect.poll(readings).toBeGreaterThan(before);
  await input.pressSequentially(' first?');
  await input.press('Control+Enter');
  await expect(assistant(page).last()).toHaveAttribute('data-status', 'done');
  const readAhead = await promptRead();
  expect(readAhead).toBeGreaterThan(0);
  expect(readAhead).toBeLessThan(40);

  // The same size of question sent at once, in a new conversation: the server reads all of it after Send.
  await page.getByTestId('chat-new').click();
  await input.fill(`${longPrompt(14).replaceAll('dog', 'cat')}\nWhich line names the cat first?`);
  await input.press('Control+Enter');
  await expect(assistant(page).last()).toHaveAttribute('data-status', 'done');
  expect(await promptRead()).toBeGreaterThan(200);
  client.close();
});

test('link mode to another llama-server that wants a key: test connection, save, use, chat', async ({ page }) => {
  await setMaxTokens(256);
  // The "remote" server: a second, raw llama-server with a key of its own (EVA's own server
  // answers only EVA, with a random key per launch, so it cannot be linked to).
  const remote = await startTestServer({ extraArgs: ['--api-key', 'remote-key'] });
  try {
    await page.goto(host.url);
    await page.getByTestId('load-open').click();
    await page.getByTestId('load-tab-link').click();
    await page.getByTestId('link-preset').selectOption('llama-server');
    await page.getByTestId('link-base-url').fill(`${remote.baseUrl}/v1`);
    await page.getByTestId('link-api-key').fill('remote-key');
    await page.getByTestId('link-test').click();
    await expect(page.getByTestId('link-models')).toContainText('tiny-llama');
    await page.getByTestId('link-save').click();
    await page.getByTestId('link-use').click();
    await expect(page.getByTestId('endpoint-label')).toContainText(/llama-server|link/i);

    await send(page, 'Hello over link mode');
    const answer = assistant(page).last();
    await expect(answer).toHaveAttribute('data-status', /done|stopped/);
    expect(((await answer.getByTestId('chat-content').textContent()) ?? '').length).toBeGreaterThan(0);
  } finally {
    await remote.stop();
  }
});

test('the list follows a streaming answer to its end; scrolled up it stays put, and the jump button brings the end back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 900, height: 520 });
  await setMaxTokens(1200);
  // The link test before this one leaves the chat on its link (the load dialog would open on that tab).
  const client = await connectHost(host.url);
  await client.invoke('settings:update', { chat: { endpoint: { kind: 'local' } } });
  client.close();
  await page.goto(host.url);
  await loadTinyModel(page);
  if (await page.getByTestId('chat-new').isEnabled()) await page.getByTestId('chat-new').click();
  const list = page.getByTestId('chat-list');
  const gap = () => list.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop);

  await send(page, 'Tell me a long story');
  const answer = assistant(page).last();
  // Taller than the viewport while it streams, and followed: the end stays in view.
  await expect.poll(() => list.evaluate((el) => el.scrollHeight > el.clientHeight * 2), { timeout: 20_000 }).toBe(true);
  await expect.poll(gap).toBeLessThanOrEqual(24);
  await expect(answer).toHaveAttribute('data-status', /done|stopped/, { timeout: 60_000 });
  await expect.poll(gap).toBeLessThanOrEqual(24);
  await expect(list).toHaveAttribute('data-sticky', 'true');

  // A second answer; the user scrolls up to read the first while it streams.
  await send(page, 'Another long story');
  await expect.poll(() => assistant(page).count()).toBe(2);
  await list.hover();
  await page.mouse.wheel(0, -5000);
  await expect(list).toHaveAttribute('data-sticky', 'false');
  await expect(page.getByTestId('chat-jump')).toBeVisible();
  const readingAt = await list.evaluate((el) => el.scrollTop);
  await expect(assistant(page).last()).toHaveAttribute('data-status', /done|stopped/, { timeout: 60_000 });
  expect(Math.abs((await list.evaluate((el) => el.scrollTop)) - readingAt)).toBeLessThanOrEqual(24);

  await page.getByTestId('chat-jump').click();
  await expect.poll(gap).toBeLessThanOrEqual(24);
  await expect(list).toHaveAttribute('data-sticky', 'true');
});

test('an answer cut at its token limit offers Continue: it goes on in the same message, the saved text once, and the history keeps one answer', async ({
  page,
}) => {
  await setMaxTokens(12);
  await page.goto(host.url);
  await expect(page.getByTestId('status-state')).toHaveAttribute('data-state', /ready|stopped/);
  if ((await page.getByTestId('status-state').getAttribute('data-state')) !== 'ready') await loadTinyModel(page);
  // The page reopens the last conversation (after the tests above); New chat is off when nothing is open.
  if (await page.getByTestId('chat-new').isEnabled()) await page.getByTestId('chat-new').click();
  await expect(assistant(page)).toHaveCount(0);
  await send(page, 'Tell me about cats, then continue');
  const answer = assistant(page).last();
  await expect(answer).toHaveAttribute('data-status', 'done');
  const saved = await storedAnswer('Tell me about cats, then continue');
  await expect(answer.getByTestId('chat-continue')).toBeVisible();
  await page.screenshot({ path: join(repoRoot, 'test-results', 'e2e', 'chat-continue-offered.png') });

  await setMaxTokens(24);
  await answer.getByTestId('chat-continue').click();
  await expect(answer).toHaveAttribute('data-status', 'done');
  await expect(assistant(page)).toHaveCount(1);
  const continued = await storedAnswer('Tell me about cats, then continue');
  expect(continued.startsWith(saved)).toBe(true);
  expect(continued.length).toBeGreaterThan(saved.length);
  expect(continued.indexOf(saved, 1)).toBe(-1);
  await page.screenshot({ path: join(repoRoot, 'test-results', 'e2e', 'chat-continued.png') });
  await setMaxTokens(256);
});

/**
 * The conversation's one answer as the history saved it (the text the model was given, not its Markdown
 * rendering), once it is saved complete: the page shows the end before the core's save has landed.
 */
async function storedAnswer(title: string, status: MessageStatus = 'complete'): Promise<string> {
  let content = '';
  const saved = async (): Promise<string> => {
    const client = await connectHost(host.url);
    try {
      const conversation = (await client.invoke('history:list', undefined)).conversations.find(
        (entry) => entry.title === title,
      );
      if (!conversation) return 'not listed yet';
      const answers = (await client.invoke('history:open', { id: conversation.id })).messages.filter(
        (message) => message.role === 'assistant',
      );
      // The first answer: a regenerated one is a second branch after it.
      const answer = answers.find((message) => message.status === status);
      if (status === 'complete' && answers.length !== 1) return `${answers.length} answers`;
      if (!answer) return `no ${status} answer (${answers.map((message) => message.status).join(', ')})`;
      content = answer.content as string;
      return 'saved';
    } finally {
      client.close();
    }
  };
  await expect.poll(saved, { message: `one ${status} answer saved in the conversation titled ${title}` }).toBe('saved');
  return content;
}
