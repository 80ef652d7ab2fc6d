// chat.longtask_ms: the longest main-thread task while an answer streams into a
// conversation that already holds 100k tokens. The conversation is imported into
// the history (as a user would import an export) and opened from the sidebar;
// then one answer streams while the long-task observer and a MessageChannel
// heartbeat watch the page. Real browser host, real llama-server, real Chromium.
import { startHost } from '@test-support/host-process';
import { testAssets } from '@test-support/test-assets';
import { connectHost } from '@test-support/ws-client';
import { defaultSettings } from '@shared/default-settings';
import { launchChromium, MAIN_THREAD_PROBE } from './browser';
import type { Benchmark, BenchResult } from './types';
import { serverAuthHeader } from './server-key';
import { round } from './stats';

const TARGET_TOKENS = 100_000;
const ANSWER_TOKENS = 1000;

/** A paragraph with the things that cost rendering: markdown, a list, code, math. */
function turn(i: number): { user: string; assistant: string } {
  const user = `Question ${i}: how would you explain topic number ${i} to a colleague, with an example?`;
  const assistant = [
    `## Topic ${i}`,
    `Here is a **worked answer** for topic ${i}, with a list, some code and a formula.`,
    '',
    ...Array.from(
      { length: 6 },
      (_, k) =>
        `- Point ${k + 1}: the ${['first', 'second', 'third', 'fourth', 'fifth', 'sixth'][k]} idea about topic ${i} explained in one sentence that is long enough to wrap on a narrow window.`,
    ),
    '',
    '```ts',
    `export function topic${i}(values: number[]): number {`,
    '  return values.reduce((sum, value) => sum + value * value, 0);',
    '}',
    '```',
    '',
    `The energy is $E = mc^2$ and the sum is $\\sum_{k=1}^{${i}} k = ${(i * (i + 1)) / 2}$.`,
    '',
    'In short, the pattern repeats with small variations: measure first, then change one thing at a time, and keep notes of what moved.',
  ].join('\n');
  return { user, assistant };
}

async function countTokens(baseUrl: string, auth: Record<string, string>, text: string): Promise<number> {
  const response = await fetch(`${baseUrl}/tokenize`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ content: text }),
  });
  const body = (await response.json()) as { tokens: unknown[] };
  return body.tokens.length;
}

export const chatLongTaskBenchmarks: Benchmark[] = [
  {
    names: ['chat.longtask_ms'],
    async run(): Promise<BenchResult[]> {
      const host = await startHost();
      const browser = await launchChromium();
      try {
        const client = await connectHost(host.url);
        // One generation thread: on this 2-core machine two would leave the page's main thread
        // fighting llama-server for a core, and the wait would be counted as our long task.
        const status = await client.invoke('backend:load', {
          ...defaultSettings().load,
          modelPath: testAssets.tinyModel,
          contextSize: 4096,
          threads: 1,
        });
        const baseUrl = `http://127.0.0.1:${status.port}`;
        const auth = await serverAuthHeader(status.pid);
        const { chat } = await client.invoke('settings:get');
        await client.invoke('settings:update', { chat: { sampling: { ...chat.sampling, max_tokens: ANSWER_TOKENS } } });

        // Grow the conversation until the server's own tokenizer counts 100k tokens.
        const sample = turn(1);
        const perTurn = await countTokens(baseUrl, auth, `${sample.user}\n${sample.assistant}`);
        const turns = Math.ceil(TARGET_TOKENS / perTurn);
        const messages = Array.from({ length: turns }, (_, i) => turn(i + 1)).flatMap(({ user, assistant }) => [
          { role: 'user', content: user },
          { role: 'assistant', content: assistant },
        ]);
        const tokens = await countTokens(baseUrl, auth, messages.map((m) => m.content).join('\n'));
        const { created } = await client.invoke('history:import', { text: JSON.stringify(messages) });
        client.close();
        if (!created[0]) throw new Error('the import created no conversation');

        const page = await browser.newPage();
        await page.addInitScript(MAIN_THREAD_PROBE);
        await page.goto(host.url);
        await page.getByTestId('history-open').first().click();
        await page.locator('[data-testid="chat-message"]').first().waitFor();
        // Let the opening render and settle before measuring the stream alone.
        await page.waitForTimeout(1000);

        // The list is virtualised, so rows come and go: follow the composer instead (Stop while streaming, Send after).
        await page.evaluate('window.__evaMainStart()');
        await page.getByTestId('chat-input').fill('Please continue with one more very long topic.');
        await page.getByTestId('chat-input').press('Control+Enter');
        await page.getByTestId('chat-stop').waitFor({ timeout: 30_000 });
        await page.getByTestId('chat-send').waitFor({ timeout: 180_000 });
        const probe = (await page.evaluate('window.__evaMainStop()')) as { longTasks: number[]; maxGap: number };
        const last = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
        const streamed = (await last.getByTestId('chat-content').textContent())?.length ?? 0;
        const ended = await last.getAttribute('data-status');
        if (ended !== 'done' && ended !== 'stopped')
          throw new Error(`the answer ended as ${ended}: ${await last.textContent()}`);
        const longest = probe.longTasks.length > 0 ? Math.max(...probe.longTasks) : 0;
        return [
          {
            bench: 'chat.longtask_ms',
            value: round(longest, 1),
            unit: 'ms',
            goal: '< 50',
            method:
              "longest entry of the browser's long-task observer while the answer streams; it reports only tasks of 50 ms or more, so 0 means none reached 50 ms",
            long_tasks: probe.longTasks.length,
            heartbeat_max_gap_ms: round(probe.maxGap, 1),
            heartbeat_note:
              'longest gap between MessageChannel beats: includes rendering frames, and the probe itself keeps the thread busy',
            conversation_tokens: tokens,
            conversation_messages: messages.length,
            answer_chars: streamed,
            server_threads: 1,
          },
        ];
      } finally {
        await browser.close();
        await host.stop();
      }
    },
  },
];
