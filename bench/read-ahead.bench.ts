// chat.read_ahead_ttft_ratio: the time to the first words of a question asked
// about a pasted text, with reading ahead (the draft read into the server's KV
// cache while the user types) ÷ without it, through EVA's page in Chromium with
// the real llama-server and the slow random model (16 layers, 1024 wide), where
// reading the prompt dominates. The user pastes about 700 tokens, pauses a second,
// types "Summarise the text above." at about 15 keys a second and presses
// Ctrl+Enter; the clock runs from that key press to the first words in the DOM.
// On and off alternate, each question in a new conversation with a text of its
// own. A plain client sending the whole prompt cold is the reference.
import type { Page } from '@playwright/test';
import { defaultSettings } from '@shared/default-settings';
import { startHost } from '@test-support/host-process';
import { longPrompt } from '@test-support/llama/long-prompt';
import { testAssets } from '@test-support/test-assets';
import { connectHost, type HostClient } from '@test-support/ws-client';
import { makeTestModel } from '../scripts/fixtures/make-test-model';
import { DOM_RECORDER, launchChromium, resetDomMarks } from './browser';
import { rawChatBody, rawTtft } from './raw-ttft';
import { serverAuthHeader } from './server-key';
import { median, round } from './stats';
import type { Benchmark, BenchResult } from './types';

const ROUNDS = 3;
const LINES = 40;
const QUESTION = 'Summarise the text above.';
const PAUSE_AFTER_PASTE_MS = 1000;
const KEY_DELAY_MS = 65;
const ANSWER = '[data-testid="chat-message"][data-role="assistant"] [data-testid="chat-content"]';

interface Asked {
  ttftMs: number;
  /** prompt tokens the server read after the send (the answer's figures) */
  readAfterSend: number;
}

async function askWithPaste(page: Page, client: HostClient, readAhead: boolean, text: string): Promise<Asked> {
  await client.invoke('settings:update', { chat: { readAhead } });
  await page.reload();
  await page.getByTestId('chat-input').waitFor();
  if (await page.getByTestId('chat-new').isEnabled()) await page.getByTestId('chat-new').click();
  await page.waitForTimeout(800);
  await page.evaluate(resetDomMarks(ANSWER));
  const input = page.getByTestId('chat-input');
  await input.fill(`${text}\n`);
  await page.waitForTimeout(PAUSE_AFTER_PASTE_MS);
  await input.pressSequentially(QUESTION, { delay: KEY_DELAY_MS });
  await input.press('Control+Enter');
  await page.waitForFunction(
    () => (window as unknown as { __evaDom: { marks: unknown[] } }).__evaDom.marks.length > 0,
    undefined,
    { timeout: 60_000 },
  );
  const ttftMs = (await page.evaluate('window.__evaDom.marks[0][0] - window.__evaDom.sentAt')) as number;
  const last = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  await last.and(page.locator('[data-status="done"]')).waitFor({ timeout: 60_000 });
  const stats = (await last.getByTestId('chat-stats').textContent()) ?? '';
  return { ttftMs, readAfterSend: Number(stats.match(/prompt ([\d,]+)/)?.[1]?.replace(/,/g, '') ?? NaN) };
}

export const readAheadBenchmarks: Benchmark[] = [
  {
    names: ['chat.read_ahead_ttft_ratio'],
    async run(): Promise<BenchResult[]> {
      const model = (await makeTestModel({ repoRoot: testAssets.root, variant: 'slow', log: () => undefined })).path;
      const host = await startHost();
      const browser = await launchChromium();
      try {
        const client = await connectHost(host.url);
        const status = await client.invoke('backend:load', {
          ...defaultSettings().load,
          modelPath: model,
          contextSize: 4096,
        });
        const { chat } = await client.invoke('settings:get');
        const sampling = { ...chat.sampling, max_tokens: 8 };
        await client.invoke('settings:update', { chat: { sampling } });
        const page = await browser.newPage();
        await page.addInitScript(DOM_RECORDER);
        await page.goto(host.url);
        const on: Asked[] = [];
        const off: Asked[] = [];
        const raw: number[] = [];
        const auth = await serverAuthHeader(status.pid);
        // Each text its own: no question finds another's in the KV cache beyond the system prompt.
        const text = (tag: string) => `${tag}\n${longPrompt(LINES).replaceAll('fox', `fox ${tag}`)}`;
        await askWithPaste(page, client, true, text('warm'));
        for (let round_ = 0; round_ < ROUNDS; round_++) {
          on.push(await askWithPaste(page, client, true, text(`on ${round_}`)));
          off.push(await askWithPaste(page, client, false, text(`off ${round_}`)));
          raw.push(
            await rawTtft(
              `http://127.0.0.1:${status.port}`,
              auth,
              rawChatBody(`${text(`raw ${round_}`)}\n${QUESTION}`, chat.systemPrompt, sampling),
            ),
          );
        }
        client.close();
        const onMs = median(on.map((run) => run.ttftMs));
        const offMs = median(off.map((run) => run.ttftMs));
        return [
          {
            bench: 'chat.read_ahead_ttft_ratio',
            value: round(onMs / offMs, 3),
            unit: 'ratio',
            goal: 'reported (lower is better): reading ahead against sending the whole prompt after Ctrl+Enter',
            read_ahead_ttft_ms: round(onMs, 0),
            without_ttft_ms: round(offMs, 0),
            raw_cold_ttft_ms: round(median(raw), 0),
            prompt_tokens_read_after_send: on.map((run) => run.readAfterSend),
            prompt_tokens_read_after_send_without: off.map((run) => run.readAfterSend),
            rounds: ROUNDS,
            model: 'slow-llama-test (16 layers, 1024 wide, random weights)',
          },
        ];
      } finally {
        await browser.close();
        await host.stop();
      }
    },
  },
];
