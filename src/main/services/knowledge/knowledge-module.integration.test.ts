// Part 4 against the real embedding server: the `knowledge` tool as the agent
// loop's registry runs it (EVA's `content` argument), and the composer toggle's
// prompt augmentation of a plain chat with its citations event.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppSettings, EventName } from '@shared/contract';
import { defaultSettings } from '@shared/default-settings';
import type { ChatSendInput } from '@shared/chat/schemas';
import type { ChatMessage } from '@shared/chat/types';
import { tinyEmbedderSettings } from '@test-support/knowledge/embedder-harness';
import { knowledgeModuleDeps } from '@test-support/knowledge/knowledge-harness';
import { memoryLifecycle } from '../process/process-lifecycle';
import { ToolRegistry } from '../tools/tool-registry';
import { openKnowledge, type KnowledgeModule } from './knowledge-module';

const registry = memoryLifecycle();
const events: Array<{ event: EventName; payload: unknown }> = [];
let settings: AppSettings;
let knowledge: KnowledgeModule;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eva-knowledge-module-'));
  const defaults = defaultSettings();
  settings = {
    ...defaults,
    load: { ...defaults.load, threads: 1 },
    knowledge: { ...defaults.knowledge, embedder: tinyEmbedderSettings(), passageTokens: 64, overlapTokens: 8 },
  };
  knowledge = await openKnowledge({
    ...knowledgeModuleDeps(dir, registry, () => settings, events),
    timeouts: { restartDelaysMs: [200, 400] },
  });
});
afterAll(async () => {
  await knowledge.dispose();
  await registry.stopAll(500);
  await rm(dir, { recursive: true, force: true });
});

const chatInput = (question: string): ChatSendInput => ({
  mode: 'chat',
  requestId: 'r1',
  endpoint: { kind: 'local' },
  sampling: {},
  idSlot: null,
  systemPrompt: 'You are EVA.',
  messages: [{ role: 'user', content: question }],
});

describe('the knowledge tool and the composer toggle', () => {
  it("offers `knowledge` only once a base holds passages, and answers EVA's { content } call with cited passages", async () => {
    const tools = new ToolRegistry();
    tools.setProvider('knowledge', knowledge.toolProvider);
    expect(tools.descriptors().map((t) => t.name)).not.toContain('knowledge');

    const file = join(dir, 'animals.md');
    await writeFile(file, '# Animals\n\nThe tapir sleeps by the river.\n\nThe heron fishes at dawn.\n');
    const { id } = await knowledge.handlers['knowledge:create']({ name: 'Animals' });
    await knowledge.handlers['knowledge:add']({ id, paths: [file] });
    await knowledge.service?.idle();
    expect(tools.descriptors().map((t) => t.name)).toContain('knowledge');
    expect(events.some((e) => e.event === 'knowledge:progress')).toBe(true);
    expect(events.some((e) => e.event === 'knowledge:embedder')).toBe(true);

    const result = await tools.run({ name: 'knowledge', args: { content: 'tapir' }, workspaceDir: dir });
    expect(result.status).toBe('ok');
    expect(result.output).toMatch(/^\[1\] animals\.md, lines? \d/);
    expect(result.output).toContain('tapir');
  });

  it('a plain chat with the toggle on gets the passages with its last question, and the page gets them as citations', async () => {
    settings = { ...settings, knowledge: { ...settings.knowledge, useInChat: false } };
    expect(await knowledge.augmentChat(chatInput('Where does the tapir sleep?'))).toEqual(
      chatInput('Where does the tapir sleep?'),
    );

    settings = { ...settings, knowledge: { ...settings.knowledge, useInChat: true } };
    const augmented = await knowledge.augmentChat(chatInput('Where does the tapir sleep?'));
    if (augmented.mode !== 'chat') throw new Error('not a chat');
    expect(augmented.systemPrompt).toBe('You are EVA.');
    expect(augmented.messages).toHaveLength(1);
    expect(augmented.messages[0]?.content).toMatch(
      /^Passages from the user's knowledge base[\s\S]*\[1\] animals\.md[\s\S]*tapir sleeps[\s\S]*\n---\n\nWhere does the tapir sleep\?$/,
    );

    // The next question: only it gets passages; the system prompt and the conversation before it are sent as they
    // were, so llama-server reads them from its cache instead of again.
    const earlier: ChatMessage[] = [
      { role: 'user', content: 'Where does the tapir sleep?' },
      { role: 'assistant', content: 'By the river [1].' },
    ];
    const next = await knowledge.augmentChat({
      ...chatInput('And the heron?'),
      messages: [...earlier, { role: 'user', content: [{ type: 'text', text: 'And the heron?' }] }],
    } as ChatSendInput);
    if (next.mode !== 'chat') throw new Error('not a chat');
    expect(next.systemPrompt).toBe('You are EVA.');
    expect(next.messages.slice(0, 2)).toEqual(earlier);
    const parts = next.messages[2]?.content as { type: string; text?: string }[];
    expect(parts.at(-1)).toEqual({ type: 'text', text: 'And the heron?' });
    expect(parts[0]?.text).toMatch(/^Passages from the user's knowledge base[\s\S]*heron/);
    const cited = events.filter((e) => e.event === 'knowledge:citations').at(-1)!.payload as {
      requestId: string;
      hits: Array<{ text: string }>;
    };
    expect(cited.requestId).toBe('r1');
    expect(cited.hits.some((h) => h.text.includes('tapir'))).toBe(true);
  });

  it('the Test action answers through the contract handler', async () => {
    const test = await knowledge.handlers['knowledge:embedder-test'](undefined);
    expect(test.dimension).toBe(64);
    expect(Number.isFinite(test.similarity)).toBe(true);
  });
});
