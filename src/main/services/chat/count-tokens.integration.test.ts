// `chat:count-tokens` against the real llama-server and the tiny model: the count
// comes from the server's own template and tokenizer, needs the server's API key,
// grows with the prompt, and a hosted API gets the estimate.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeMessages } from '@shared/chat/request-body';
import type { ChatMessage } from '@shared/chat/types';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';
import { createLinkService } from '../links/link-service';
import { localKeyFileCipher } from '../secrets/secret-cipher';
import { openSecretStore } from '../secrets/secret-store';
import { openSettingsStore } from '../settings/settings-store';
import { createChatService } from './chat-service';
import { countWithLlamaServer } from './count-tokens';

let server: TestServer;
const KEY = 'count-secret';

beforeAll(async () => {
  server = await startTestServer({ extraArgs: ['--api-key', KEY] });
});

afterAll(async () => {
  await server?.stop();
});

async function makeService() {
  const dir = await mkdtemp(join(tmpdir(), 'eva-count-'));
  const settings = await openSettingsStore(dir, () => {});
  const secrets = await openSecretStore(join(dir, 'secrets.json'), await localKeyFileCipher(join(dir, 'key')));
  const links = createLinkService({ settings, secrets });
  const chat = createChatService({
    localServer: () => ({ baseUrl: server.baseUrl, apiKey: KEY, model: 'tiny' }),
    links,
    emit: () => {},
  });
  return { chat, links };
}

const messages: ChatMessage[] = [{ role: 'user', content: 'Hello there, how are you today?' }];

describe('chat:count-tokens against the real llama-server', () => {
  it('counts the templated prompt exactly, as many tokens as the server then reads for the same chat', async () => {
    const { chat } = await makeService();
    const count = await chat.countTokens({ endpoint: { kind: 'local' }, systemPrompt: 'You are a test.', messages });
    expect(count).toMatchObject({ exact: true, nCtx: 2048 });
    // The server reports the prompt it evaluated for the same messages: the two must agree.
    const response = await fetch(`${server.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${KEY}` },
      body: JSON.stringify({
        messages: normalizeMessages(messages, 'You are a test.'),
        max_tokens: 1,
        cache_prompt: false,
      }),
    });
    const body = (await response.json()) as { usage: { prompt_tokens: number } };
    expect(count.tokens).toBe(body.usage.prompt_tokens);
  });

  it('grows with the prompt, and estimates the parts the tokenizer cannot see', async () => {
    const { chat } = await makeService();
    const short = await chat.countTokens({ endpoint: { kind: 'local' }, systemPrompt: '', messages });
    const long = await chat.countTokens({
      endpoint: { kind: 'local' },
      systemPrompt: '',
      messages: [...messages, { role: 'assistant', content: 'Fine.' }, { role: 'user', content: 'word '.repeat(200) }],
    });
    expect(long.tokens).toBeGreaterThan(short.tokens + 150);
    const withImage = await chat.countTokens({
      endpoint: { kind: 'local' },
      systemPrompt: '',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Hello there, how are you today?' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
          ],
        },
      ],
    });
    expect(withImage).toMatchObject({ exact: false, tokens: short.tokens + 768 });
  });

  it('is refused without the server key', async () => {
    const wire = normalizeMessages(messages, '');
    await expect(
      countWithLlamaServer({ baseUrl: server.baseUrl, apiKey: null }, wire, null, fetch),
    ).rejects.toMatchObject({ code: 'endpoint_error', details: { status: 401 } });
  });

  it('counts exactly through a link to a llama-server, and estimates for a hosted API', async () => {
    const { chat, links } = await makeService();
    const remote = await links.save({
      profile: { name: 'remote llama', presetId: 'llama-server', baseUrl: `${server.baseUrl}/v1`, model: 'tiny' },
      apiKey: KEY,
    });
    const local = await chat.countTokens({ endpoint: { kind: 'local' }, systemPrompt: 'S', messages });
    expect(
      await chat.countTokens({ endpoint: { kind: 'link', linkId: remote.id }, systemPrompt: 'S', messages }),
    ).toEqual(local);
    const hosted = await links.save({
      profile: { name: 'hosted', presetId: 'openai', baseUrl: `${server.baseUrl}/v1`, model: 'tiny' },
    });
    const estimate = await chat.countTokens({
      endpoint: { kind: 'link', linkId: hosted.id },
      systemPrompt: 'S',
      messages,
    });
    // 'S' and the question: ceil(1 / 3.5) + 4 and ceil(31 / 3.5) + 4.
    expect(estimate).toEqual({ tokens: 1 + 4 + 9 + 4, exact: false, nCtx: null });
  });
});
