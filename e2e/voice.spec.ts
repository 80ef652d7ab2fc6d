// F2 voice input end to end: Chromium's fake microphone plays a 440 Hz tone,
// the page records it, the real core runs the real whisper-cli with the tiny
// random-weight model, and its (nonsense) words land in the input box. Also:
// what the user sees before a model is set, Esc, and transcribing a file.
import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import config from '../playwright.config';
import { encodeWav16Mono } from '@shared/audio/wav';
import { requireWhisperAssets, whisperAssets } from '@test-support/voice/whisper-test-assets';
import { startHost, tinyModel, type RunningHost } from '@test-support/host-process';
import { connectHost } from '@test-support/ws-client';

/** One second of a 440 Hz tone at half scale, 16 kHz mono 16-bit: what the fake microphone plays (looped). */
function writeTone(): string {
  const rate = 16_000;
  const samples = Float32Array.from({ length: rate }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / rate));
  const file = join(mkdtempSync(join(tmpdir(), 'eva-voice-e2e-')), 'tone-440hz.wav');
  writeFileSync(file, encodeWav16Mono(samples, rate));
  return file;
}

// Chromium reads the capture file when it starts, so it has to exist before the browser is launched.
const toneFile = writeTone();
const base = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...base,
    args: [
      ...(base.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${toneFile}`,
    ],
  },
});

let host: RunningHost;

test.beforeAll(async () => {
  requireWhisperAssets();
  host = await startHost();
  // The composer is shown once there is something to talk to: the tiny chat model.
  const client = await connectHost(host.url);
  const { load } = await client.invoke('settings:get');
  await client.invoke('backend:load', { ...load, modelPath: tinyModel });
  client.close();
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
});

async function setVoiceModel(modelPath: string): Promise<void> {
  const client = await connectHost(host.url);
  await client.invoke('settings:update', { voice: { modelPath, language: 'en' } });
  client.close();
}

const input = (page: Page) => page.getByTestId('chat-input');
const indicator = (page: Page) => page.getByTestId('voice-indicator');

test('before a model is set, F2 says why instead of recording; the voice panel sets one', async ({ page }) => {
  await setVoiceModel('');
  await page.goto(host.url);
  await expect(page.getByTestId('voice-record')).toHaveAttribute('title', /No whisper model is set/);
  await page.keyboard.press('F2');
  await expect(page.getByTestId('notice').filter({ hasText: 'No whisper model is set' })).toBeVisible();
  await expect(indicator(page)).toHaveCount(0);

  await page.getByTestId('voice-open').click();
  await expect(page.getByTestId('voice-status')).toHaveAttribute('data-ready', 'false');
  await page.getByTestId('voice-model-path').fill('tiny-whisper.bin');
  await page.getByTestId('voice-save').click();
  await expect(page.getByTestId('voice-panel').getByTestId('field-error')).toBeVisible();
  await page.getByTestId('voice-model-path').fill(whisperAssets.tinyModel);
  await page.getByTestId('voice-language').selectOption('en');
  await page.getByTestId('voice-save').click();
  // A usable model closes the panel; the mic button's title now offers to record.
  await expect(page.getByTestId('voice-panel')).toHaveCount(0);
  await expect(page.getByTestId('voice-record')).toHaveAttribute('title', 'Record voice (F2)');

  // Read aloud is a saved setting: switched on here, still on after a reload.
  await expect(page.getByTestId('read-aloud-toggle')).toHaveAttribute('aria-pressed', 'false');
  await page.getByTestId('read-aloud-toggle').click();
  await expect(page.getByTestId('read-aloud-toggle')).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByTestId('read-aloud-toggle')).toHaveAttribute('aria-pressed', 'true');
});

test('F2, speak, F2: whisper-cli transcribes the recording into the input box', async ({ page }) => {
  await setVoiceModel(whisperAssets.tinyModel);
  await page.goto(host.url);
  await expect(page.getByTestId('voice-record')).toHaveAttribute('title', 'Record voice (F2)');
  await input(page).fill('Heard:');

  await page.keyboard.press('F2');
  await expect(indicator(page)).toHaveAttribute('data-phase', 'recording');
  // The level meter follows the tone.
  await expect
    .poll(async () => Number(await page.getByTestId('voice-level').getAttribute('aria-valuenow')))
    .toBeGreaterThan(50);
  await page.waitForTimeout(1500);
  await page.keyboard.press('F2');
  await expect(indicator(page)).toHaveCount(0, { timeout: 30_000 });

  // Random weights say nonsense, but they say something, after what was typed.
  await expect(input(page)).toHaveValue(/^Heard: \S/);
  const mic = page.getByTestId('voice-record');
  // What whisper got was the tone (0.5 × sin has an RMS of ~0.35), and all of the 1.5 s held (a slow machine can
  // only make the recording longer, so there is no upper bound to assert).
  expect(Number(await mic.getAttribute('data-last-rms'))).toBeGreaterThan(0.05);
  expect(Number(await mic.getAttribute('data-last-ms'))).toBeGreaterThan(1000);
});

test('Esc drops a recording; an audio file can be transcribed instead', async ({ page }) => {
  await setVoiceModel(whisperAssets.tinyModel);
  await page.goto(host.url);
  await expect(page.getByTestId('voice-record')).toHaveAttribute('title', 'Record voice (F2)');

  await page.getByTestId('voice-record').click();
  await expect(indicator(page)).toHaveAttribute('data-phase', 'recording');
  await page.keyboard.press('Escape');
  await expect(indicator(page)).toHaveCount(0);
  await expect(input(page)).toHaveValue('');

  await page.getByTestId('voice-file-input').setInputFiles(toneFile);
  await expect(input(page)).not.toHaveValue('', { timeout: 30_000 });
  const mic = page.getByTestId('voice-record');
  expect(Number(await mic.getAttribute('data-last-ms'))).toBe(1000);
  expect(Number(await mic.getAttribute('data-last-rms'))).toBeCloseTo(0.5 / Math.SQRT2, 2);
});
