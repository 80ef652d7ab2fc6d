// Read aloud's neural voice end to end: the real browser host and core, the real llama-tts with the tiny
// random-weight Qwen3-TTS model (its speech is noise, but it is sound). The Voice panel names a wrong file, the
// Test plays through the page's audio element (the RMS the page measured on the samples it played, not the size of
// a blob), and an answer of the tiny chat model is read aloud until Stop, which leaves no llama-tts running.
import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { requireTtsAssets, ttsAssets } from '@test-support/voice/tts-test-assets';
import { startHost, tinyModel, type RunningHost } from '@test-support/host-process';
import { connectHost } from '@test-support/ws-client';
import { assistantMessages, sendMessage, setMaxTokens } from './steps';

// llama-tts makes a few frames a second on two busy cores: a sentence of a few seconds takes tens of seconds.
const SPEECH_MS = 150_000;
test.setTimeout(4 * SPEECH_MS);

let host: RunningHost;

test.beforeAll(async () => {
  requireTtsAssets();
  host = await startHost();
  const client = await connectHost(host.url);
  const { load } = await client.invoke('settings:get');
  await client.invoke('backend:load', { ...load, modelPath: tinyModel });
  client.close();
  // A short answer: one sentence for the voice to read.
  await setMaxTokens(host.url, 8);
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
});

/** The llama-tts processes the host started (its descendants), from the system's process list. */
function llamaTtsProcesses(): number[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,comm='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.length >= 3)
    .map(([pid, ppid, comm]) => ({ pid: Number(pid), ppid: Number(ppid), comm: comm ?? '' }));
  const family = new Set([host.process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows)
      if (family.has(row.ppid) && !family.has(row.pid)) {
        family.add(row.pid);
        grew = true;
      }
  }
  return rows.filter((row) => family.has(row.ppid) && row.comm.startsWith('llama-tts')).map((row) => row.pid);
}

const number = async (page: Page, testId: string, attribute: string) =>
  Number((await page.getByTestId(testId).getAttribute(attribute)) || 0);

test('the Voice panel names a wrong file, and Test plays the neural voice', async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('voice-open').click();
  await page.getByTestId('tts-source').selectOption('neural');

  // The chat model is no voice: said at once, before anything is saved or spoken.
  await page.getByTestId('tts-model-path').fill(tinyModel);
  await expect(page.getByTestId('tts-check')).toHaveAttribute('data-status', 'problem');
  await expect(page.getByTestId('tts-check')).toContainText('is a chat model');

  await page.getByTestId('tts-model-path').fill(ttsAssets.model);
  await expect(page.getByTestId('tts-check')).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('tts-check')).toContainText('tiny-qwen3tts-mmproj.gguf');
  await page.getByTestId('tts-language').selectOption('en');

  // Stop while the sample is being made: llama-tts is killed at once.
  await page.getByTestId('tts-test').click();
  await expect.poll(llamaTtsProcesses, { timeout: 30_000 }).toHaveLength(1);
  await page.getByTestId('tts-test').click();
  await expect(page.getByTestId('tts-test-status')).toHaveAttribute('data-outcome', 'stopped');
  await expect.poll(llamaTtsProcesses).toHaveLength(0);

  await page.getByTestId('tts-test').click();
  const status = page.getByTestId('tts-test-status');
  await expect(status).toHaveAttribute('data-outcome', 'running');
  // The samples that went out through the page's audio element were sound, not silence.
  await expect.poll(() => number(page, 'tts-test-status', 'data-rms'), { timeout: SPEECH_MS }).toBeGreaterThan(0);
  await expect(status).toHaveAttribute('data-outcome', 'played', { timeout: SPEECH_MS });
  expect(await number(page, 'tts-test-status', 'data-played')).toBe(1);

  await page.getByTestId('voice-save').click();
  await expect(page.getByTestId('voice-panel')).toHaveCount(0);
  const client = await connectHost(host.url);
  const { tts } = await client.invoke('settings:get');
  client.close();
  expect(tts).toEqual(expect.objectContaining({ source: 'neural', modelPath: ttsAssets.model, language: 'en' }));
});

test('an answer is read aloud with the neural voice, and Stop silences it and ends llama-tts', async ({ page }) => {
  const client = await connectHost(host.url);
  await client.invoke('settings:update', { tts: { source: 'neural', modelPath: ttsAssets.model, language: 'en' } });
  await page.goto(host.url);
  await sendMessage(page, 'Tell me a story.');
  const answer = assistantMessages(page).last();
  await expect(answer).toHaveAttribute('data-status', 'done');

  const toggle = page.getByTestId('read-aloud-toggle');
  await answer.getByTestId('chat-read-aloud').click();
  await expect(page.getByTestId('read-aloud-stop')).toBeVisible();
  await expect
    .poll(() => number(page, 'read-aloud-toggle', 'data-neural-rms'), { timeout: SPEECH_MS })
    .toBeGreaterThan(0);
  expect(await number(page, 'read-aloud-toggle', 'data-neural-played')).toBeGreaterThanOrEqual(1);
  await expect(toggle).toHaveAttribute('data-neural-playing', 'true');

  await page.getByTestId('read-aloud-stop').click();
  await expect(toggle).toHaveAttribute('data-neural-playing', 'false');
  await expect(page.getByTestId('read-aloud-stop')).toHaveCount(0);
  await expect.poll(llamaTtsProcesses).toHaveLength(0);
  // The core holds nothing more to say either.
  expect(await client.invoke('voice:tts-stop')).toEqual({ stopped: 0 });
  client.close();
});
