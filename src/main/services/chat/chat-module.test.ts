// The chat area built the way the core builds it, against a fake llama-server
// (a fetch that answers an event stream): the plan and the send agree, a failed
// knowledge query reaches the answer as a notice, the history is handed the
// stream, and a Stop while the send is still being planned keeps it from going out.
import { describe, expect, it } from 'vitest';
import type { ChatSendInput } from '@shared/chat/schemas';
import type { ChatMessage, StreamingMessage } from '@shared/chat/types';
import type { ChatResult, EventName } from '@shared/contract';
import type { KnowledgeHit } from '@shared/knowledge/knowledge-types';
import { EventBus } from '../events/event-bus';
import type { LinkService } from '../links/link-service';
import { openChat, type ChatModuleDeps } from './chat-module';

const sse = (...texts: string[]): string =>
  [
    ...texts.map((text) => `data: ${JSON.stringify({ choices: [{ delta: { content: text } }] })}\n\n`),
    'data: [DONE]\n\n',
  ].join('');

function setup(knowledge: ChatModuleDeps['knowledge']['withKnowledge']) {
  const events = new EventBus();
  const heard: { event: EventName; payload: unknown }[] = [];
  events.attach((event, payload) => heard.push({ event, payload }));
  const requests: unknown[] = [];
  const fetch = (async (_url: string, init: RequestInit) => {
    requests.push(JSON.parse(String(init.body)));
    return new Response(sse('Hel', 'lo'), { headers: { 'content-type': 'text/event-stream' } });
  }) as typeof globalThis.fetch;
  const server = { baseUrl: 'http://127.0.0.1:9', apiKey: '', model: 'tiny' };
  const recorded: { observed: StreamingMessage[]; results: ChatResult[]; citations: unknown } = {
    observed: [],
    results: [],
    citations: undefined,
  };
  const area = openChat({
    backend: {
      localEndpoint: () => server,
      readyEndpoint: async () => server,
      appLog: () => undefined,
      stoppedSince: async () => null,
    },
    pool: { endpoint: async () => server, stoppedSince: async () => null },
    links: {} as LinkService,
    settings: { get: () => ({ chat: { readAhead: false }, knowledge: { useInChat: true } }) as never },
    events,
    history: {
      recordSend: (_input, answer) => {
        recorded.citations = answer?.citations;
        return {
          observe: (state) => recorded.observed.push(state),
          finish: async (result) => void recorded.results.push(result),
          fail: async () => undefined,
        };
      },
      nameAfter: () => undefined,
    },
    knowledge: { withKnowledge: knowledge },
    agent: () => ({ prefill: async () => ({ done: false, why: 'no agent here' }), toolsPrompt: () => ({ text: '' }) }),
    fetch,
  });
  return { area, heard, requests, recorded };
}

const input = (requestId: string): Extract<ChatSendInput, { mode: 'chat' }> => ({
  mode: 'chat',
  requestId,
  endpoint: { kind: 'local' },
  systemPrompt: '',
  messages: [{ role: 'user', content: 'Where does the tapir sleep?' }],
  sampling: {},
  idSlot: null,
  record: { conversationId: 'c1', parentId: null, answerId: 'a1' },
  fit: { nCtx: 4096, policy: 'trim-oldest' },
});

const hit: KnowledgeHit = {
  id: 'p1',
  baseId: 'kb1',
  text: 'The tapir sleeps by the river.',
  source: { fileId: 'f1', path: '/docs/animals.md', page: null, lineStart: 1, lineEnd: 2 },
  score: 0.03,
  similarity: 0.8,
  bm25: null,
};

/** A knowledge base that finds `hit` for every plain chat. */
const withPassage: ChatModuleDeps['knowledge']['withKnowledge'] = async (send) => {
  if (send.mode !== 'chat') return { input: send, citations: [] };
  const messages = [{ role: 'user' as const, content: `${hit.text}\n\nWhere does the tapir sleep?` }];
  return { input: { ...send, messages }, citations: [hit] };
};

describe('the chat area', () => {
  it('sends what it planned: one knowledge query, the passages in the request, the citations recorded', async () => {
    let asked = 0;
    const { area, requests, recorded, heard } = setup(async (send) => {
      asked++;
      if (send.mode !== 'chat') return { input: send, citations: [] };
      const messages = [{ role: 'user' as const, content: `${hit.text}\n\nWhere does the tapir sleep?` }];
      return { input: { ...send, messages }, citations: [hit] };
    });
    expect(await area.handlers['chat:plan'](input('r1'))).toMatchObject({ ok: true, dropped: 0, passages: 1 });
    const result = await area.handlers['chat:send'](input('r1'));
    expect(asked).toBe(1);
    expect(result).toMatchObject({ status: 'done', content: 'Hello' });
    expect(JSON.stringify(requests[0])).toContain('The tapir sleeps by the river.');
    expect(recorded.citations).toEqual([hit]);
    // The recorder got the chat service's own states, and the result: it never sent anything itself.
    expect(recorded.observed.at(-1)?.content).toBe('Hello');
    expect(recorded.results).toEqual([result]);
    expect(heard.some((h) => h.event === 'chat:ended')).toBe(true);
  });

  it('the meter’s plan is what the send then sends: its size counts the passages, and says their share', async () => {
    const { area, requests } = setup(withPassage);
    const plan = await area.handlers['chat:plan']({ ...input('meter-1'), measure: true });
    await area.handlers['chat:send'](input('r5'));
    const sent = (requests[0] as { messages: ChatMessage[] }).messages.filter((message) => message.role !== 'system');
    expect(JSON.stringify(sent)).toContain(hit.text);
    const count = (messages: ChatMessage[]) =>
      area.handlers['chat:count-tokens']({ endpoint: { kind: 'local' }, systemPrompt: '', messages });
    const { tokens } = await count(sent);
    const bare = await count(input('r5').messages);
    expect(plan).toMatchObject({ ok: true, dropped: 0, passages: 1, tokens, whole: tokens });
    expect(plan.ok && plan.passageTokens).toBe(tokens - bare.tokens);
    expect(tokens).toBeGreaterThan(bare.tokens);
  });

  it('a knowledge query that fails is a notice on the answer, with its reason, and the answer still comes', async () => {
    const { area, heard } = setup(async () => {
      throw new Error('the embedding server is not running');
    });
    const result = await area.handlers['chat:send'](input('r2'));
    expect(result.content).toBe('Hello');
    expect(result.notices).toEqual([
      { code: 'knowledge_failed', message: expect.stringContaining('the embedding server is not running') },
    ]);
    // The page hears it in the stream, before the first words (after who writes them).
    const first = heard.find((h) => h.event === 'chat:stream')?.payload as { events: { type: string }[] };
    expect(first.events.slice(0, 2).map((event) => event.type)).toEqual(['author', 'notice']);
  });

  it('a Stop while the send is planned keeps it from going out; the question is still recorded', async () => {
    let release: () => void = () => undefined;
    const { area, requests, recorded } = setup(async (send) => {
      await new Promise<void>((resolve) => (release = resolve));
      return { input: send, citations: [] };
    });
    const sending = area.handlers['chat:send'](input('r3'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await area.handlers['chat:stop']({ requestId: 'r3' })).toEqual({ stopped: true });
    release();
    expect(await sending).toMatchObject({ status: 'stopped', content: '' });
    expect(requests).toEqual([]);
    expect(recorded.results).toHaveLength(1);
  });

  it('the live runs follow the chat service’s state: a reloaded page sees the answer so far', async () => {
    const { area } = setup(async (send) => ({ input: send, citations: [] }));
    const seen: string[] = [];
    const sending = area.handlers['chat:send'](input('r4'));
    const poll = setInterval(() => {
      const [run] = area.live.inConversation('c1');
      if (run) seen.push(run.message.content);
    }, 1);
    await sending;
    clearInterval(poll);
    expect(area.live.inConversation('c1')).toEqual([]);
    expect(seen.every((text) => 'Hello'.startsWith(text))).toBe(true);
  });
});
