// A plain client's time to the first words: one streaming fetch straight to a
// llama-server, timed to its first content (or reasoning) delta. The reference
// every page's time to the first words is measured against (chat-ttft.bench.ts).
import { defaultSettings } from '@shared/default-settings';
import { buildChatBody, normalizeMessages } from '@shared/chat/request-body';
import type { SamplingSettings } from '@shared/chat/types';

/** The body EVA's core sends for a one-question conversation (its default sampling unless given). */
export function rawChatBody(
  prompt: string,
  systemPrompt = defaultSettings().chat.systemPrompt,
  sampling: SamplingSettings = { ...defaultSettings().chat.sampling, max_tokens: 16 },
): string {
  return JSON.stringify(
    buildChatBody({
      model: 'tiny',
      messages: normalizeMessages([{ role: 'user', content: prompt }], systemPrompt),
      sampling,
      stream: true,
      idSlot: -1,
      includeUsage: true,
    }),
  );
}

export async function rawTtft(baseUrl: string, auth: Record<string, string>, body: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body,
  });
  if (!response.ok || !response.body)
    throw new Error(`the raw request failed: HTTP ${response.status} ${await response.text()}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (/"content":"[^"]/.test(text) || /"reasoning_content":"[^"]/.test(text)) break;
  }
  const elapsed = performance.now() - started;
  await reader.cancel();
  return elapsed;
}
