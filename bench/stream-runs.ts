// The single streamed answers bench/chat-stream.bench.ts compares: a plain streaming client against a raw
// llama-server, an answer through EVA's page, and one through llama.cpp's own web UI; each with its rate, its
// length as the server counted it and, for the pages, the CPU the browser's processes and the host spent.
import type { Browser, Page } from '@playwright/test';
import type { RunningHost } from '@test-support/host-process';
import { connectHost } from '@test-support/ws-client';
import { defaultSettings } from '@shared/default-settings';
import { buildChatBody, normalizeMessages } from '@shared/chat/request-body';
import type { StoredMessage } from '@shared/history/types';
import { treeCpuMs } from './proc-cpu';
import { STREAM_PROBE, type ProbeFigures } from './stream-probe';

const PROMPT = 'Write a very long story.';
const EVA_ANSWER = '[data-testid="chat-message"][data-role="assistant"] [data-testid="chat-content"]';
const EVA_DONE = {
  container: '[data-testid="chat-message"]',
  done: '[data-status="done"], [data-status="stopped"], [data-status="error"]',
};

/** One streamed answer: its rate as seen, its length, and (for pages) the CPU it cost. */
export interface Run {
  tokensPerSecond: number;
  tokens: number;
  browserCpuMs?: number;
  hostCpuMs?: number;
}

const isChromium = (command: string): boolean => /chrom/i.test(command);
const isHostSide = (command: string): boolean => !command.includes('llama-server');

/**
 * A plain streaming client: the rate from its first to its last content delta, the length from the server's timings.
 */
export async function rawRun(baseUrl: string, tokens: number): Promise<Run> {
  const body = buildChatBody({
    model: 'bench',
    messages: normalizeMessages([{ role: 'user', content: PROMPT }], defaultSettings().chat.systemPrompt),
    sampling: { ...defaultSettings().chat.sampling, max_tokens: tokens },
    stream: true,
    idSlot: -1,
    includeUsage: true,
  });
  const response = await fetch(`${baseUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...body, cache_prompt: false }),
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  let first: number | null = null;
  let last = 0;
  let predicted = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    pending += decoder.decode(value, { stream: true });
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
      const chunk = JSON.parse(line.slice(6)) as {
        choices?: { delta?: { content?: string } }[];
        timings?: { predicted_n: number };
      };
      if (chunk.choices?.[0]?.delta?.content) {
        last = performance.now();
        first ??= last;
      }
      if (chunk.timings) predicted = chunk.timings.predicted_n;
    }
  }
  return { tokensPerSecond: predicted / ((last - (first ?? last)) / 1000), tokens: predicted };
}

/** The probe's figures once the answer is done (polled twice a second: the driver costs the page nothing meanwhile). */
async function probeWhenDone(page: Page, done: () => Promise<unknown>): Promise<ProbeFigures> {
  await done();
  await page.waitForTimeout(300);
  return (await page.evaluate('window.__evaProbe')) as ProbeFigures;
}

/** The newest conversation's last answer, read from the history once saved. */
export async function newestAnswer(host: RunningHost): Promise<StoredMessage | undefined> {
  const client = await connectHost(host.url);
  try {
    const { conversations } = await client.invoke('history:list');
    const newest = [...conversations].sort((a, b) => b.updatedAt - a.updatedAt)[0];
    if (!newest) throw new Error('no conversation was saved');
    const opened = await client.invoke('history:open', { id: newest.id });
    return [...opened.messages].reverse().find((message) => message.role === 'assistant');
  } finally {
    client.close();
  }
}

/** The newest answer's length as the server counted it. */
async function savedAnswerTokens(host: RunningHost): Promise<number> {
  const answer = await newestAnswer(host);
  const timings = answer?.timings as { predicted_n?: number } | undefined;
  if (!timings?.predicted_n) throw new Error(`the answer has no server timings (status ${answer?.status ?? 'none'})`);
  return timings.predicted_n;
}

/** One answer through EVA's page, in a fresh tab (closed afterwards, so the raw runs have no page open). */
export async function evaRun(browser: Browser, host: RunningHost, browserRoot: number): Promise<Run> {
  const page = await browser.newPage();
  try {
    await page.addInitScript(STREAM_PROBE);
    await page.goto(host.url);
    await page.getByTestId('chat-input').waitFor();
    if (await page.getByTestId('chat-new').isEnabled()) await page.getByTestId('chat-new').click();
    await page.getByTestId('chat-input').fill(PROMPT);
    await page.evaluate(`window.__evaProbeArm(${JSON.stringify(EVA_ANSWER)}, ${JSON.stringify(EVA_DONE)})`);
    const hostPid = host.process.pid as number;
    const before = { browser: treeCpuMs(browserRoot, isChromium), host: treeCpuMs(hostPid, isHostSide) };
    await page.getByTestId('chat-input').press('Control+Enter');
    const figures = await probeWhenDone(page, async () => {
      // Asked twice a second from here (the page's policy allows no polled predicate, and it would cost more).
      while (!(await page.evaluate('window.__evaProbe.done'))) await page.waitForTimeout(500);
    });
    const after = { browser: treeCpuMs(browserRoot, isChromium), host: treeCpuMs(hostPid, isHostSide) };
    const tokens = await savedAnswerTokens(host);
    return {
      tokensPerSecond: tokens / (((figures.last ?? 0) - (figures.first ?? 0)) / 1000),
      tokens,
      browserCpuMs: after.browser - before.browser,
      hostCpuMs: after.host - before.host,
    };
  } finally {
    await page.close();
  }
}

/** One answer through llama.cpp's web UI, served by its own llama-server with --path. */
export async function webUiRun(browser: Browser, url: string, tokens: number, browserRoot: number): Promise<Run> {
  const page = await browser.newPage();
  try {
    await page.addInitScript(`localStorage.setItem('LlamaUi.config', JSON.stringify({ max_tokens: ${tokens} }));`);
    await page.addInitScript(STREAM_PROBE);
    await page.goto(url);
    const input = page.locator('textarea, [contenteditable=true]').first();
    await input.waitFor();
    await input.click();
    await page.keyboard.type(PROMPT);
    await page.evaluate(`window.__evaProbeArm('.chat-message-assistant', null)`);
    const response = page
      .waitForResponse((r) => r.url().includes('/chat/completions'), { timeout: 600_000 })
      .then((r) => r.text());
    const before = treeCpuMs(browserRoot, isChromium);
    await page.keyboard.press('Enter');
    const sse = await response;
    const figures = await probeWhenDone(page, async () => undefined);
    const after = treeCpuMs(browserRoot, isChromium);
    const timings = [...sse.matchAll(/"timings":(\{[^}]*\})/g)]
      .map((m) => JSON.parse(m[1] ?? '{}') as { predicted_n: number })
      .pop();
    if (!timings) throw new Error('the web UI request returned no timings');
    return {
      tokensPerSecond: timings.predicted_n / (((figures.last ?? 0) - (figures.first ?? 0)) / 1000),
      tokens: timings.predicted_n,
      browserCpuMs: after - before,
    };
  } finally {
    await page.close();
  }
}
