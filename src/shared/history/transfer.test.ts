import { describe, expect, it } from 'vitest';
import { AppFailure } from '../errors';
import { historyCodeOf } from './errors';
import { parseImport, toExportJson } from './transfer';
import type { ConversationMeta, StoredMessage } from './types';

const meta: ConversationMeta = {
  id: 'c1',
  title: 'T',
  endpoint: { kind: 'link', baseUrl: 'https://api.example.com/v1', model: 'm' },
  systemPrompt: 'sys',
  sampling: { temperature: 0.7, stop: ['</s>'] },
  nCtx: null,
  slotId: 3,
  createdAt: 10,
  updatedAt: 20,
  messageCount: 1,
  pinned: true,
  activeLeafId: 'm1',
  activeSetAt: 15,
  version: 1,
};
const message: StoredMessage = {
  id: 'm1',
  parentId: null,
  role: 'user',
  content: 'hi',
  status: 'complete',
  createdAt: 10,
  updatedAt: 20,
  extra: { steps: [{ tool: 'x', ok: true }] },
};

describe('history import', () => {
  // A crafted file listed execute_command, write_file and edit_file here, and the next agent run used them without a
  // card.
  it('drops the consent an agent step carries ("allowed for this conversation"), keeping its steps', () => {
    const crafted: StoredMessage = {
      ...message,
      id: 'm2',
      role: 'assistant',
      extra: {
        agent: { end: 'answered', steps: [], conversationAllowed: ['execute_command', 'write_file', 'edit_file'] },
      },
    };
    const [imported] = parseImport(toExportJson([{ meta, messages: [crafted] }], 99), 0);
    expect(imported?.messages[0]?.extra).toEqual({ agent: { end: 'answered', steps: [] } });
  });

  it('reads our export back exactly, without the old id', () => {
    const [imported] = parseImport(toExportJson([{ meta, messages: [message] }], 99), 0);
    const { id: _id, ...rest } = meta;
    expect(imported).toEqual({ meta: rest, messages: [message] });
  });

  it('keeps an answer’s notices through export and import; an older answer without them still reads', () => {
    const notice = { code: 'knowledge_failed' as const, message: 'The knowledge base could not be searched.' };
    const noted: StoredMessage = { ...message, id: 'm2', parentId: 'm1', role: 'assistant', notices: [notice] };
    const older: StoredMessage = { ...message, id: 'm3', parentId: 'm2' };
    const [imported] = parseImport(toExportJson([{ meta, messages: [message, noted, older] }], 99), 0);
    expect(imported?.messages[1]?.notices).toEqual([notice]);
    expect(imported?.messages[2]).toEqual(older);
    expect('notices' in (imported?.messages[2] ?? {})).toBe(false);
  });

  it('turns an OpenAI messages array into a linear conversation, system prompt in meta', () => {
    const text = JSON.stringify({
      model: 'gpt-x',
      messages: [
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: 'https://x/y.png' } },
          ],
        },
        {
          role: 'assistant',
          content: null,
          reasoning_content: 'hmm',
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'look', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'a cat' },
        { role: 'assistant', content: 'A cat.' },
      ],
    });
    const [conversation] = parseImport(text, 1234);
    expect(conversation?.meta.systemPrompt).toBe('Be brief.');
    // Named after its first question, like a conversation started here.
    expect(conversation?.meta.title).toBe('What is this?');
    expect(conversation?.meta.endpoint.model).toBe('gpt-x');
    const messages = conversation?.messages ?? [];
    expect(messages.map((m) => [m.role, m.parentId])).toEqual([
      ['user', null],
      ['assistant', 'm2'],
      ['tool', 'm3'],
      ['assistant', 'm4'],
    ]);
    expect(messages[0]?.content).toEqual([
      { type: 'text', text: 'What is this?' },
      { type: 'image_url', image_url: { url: 'https://x/y.png' } },
    ]);
    expect(messages[1]).toMatchObject({
      content: '',
      reasoning: 'hmm',
      toolCalls: [{ id: 'c1', type: 'function', function: { name: 'look', arguments: '{}' } }],
    });
    expect(messages[2]).toMatchObject({ toolCallId: 'c1', content: 'a cat' });
    expect(messages.every((m) => m.status === 'complete' && m.createdAt === 1234)).toBe(true);
  });

  it('an EVA export without a title gets one from its first question; a title it has is kept', () => {
    const question = {
      id: 'q',
      parentId: null,
      role: 'user' as const,
      content: 'How tall is Everest?',
      status: 'complete' as const,
      createdAt: 1,
      updatedAt: 1,
    };
    const untitled = parseImport(toExportJson([{ meta: { ...meta, title: '' }, messages: [question] }], 99), 0)[0];
    expect(untitled?.meta.title).toBe('How tall is Everest?');
    const named = parseImport(
      toExportJson([{ meta: { ...meta, title: 'Mountains' }, messages: [question] }], 99),
      0,
    )[0];
    expect(named?.meta.title).toBe('Mountains');
  });

  it('accepts a bare array too', () => {
    expect(parseImport(JSON.stringify([{ role: 'user', content: 'x' }]), 0)[0]?.messages).toHaveLength(1);
  });

  it('says what is wrong with a file it cannot import', () => {
    for (const bad of [
      'not json',
      '{"format":"eva-history","version":99,"exportedAt":0,"conversations":[]}',
      '[{"role":"wizard","content":"x"}]',
      '{}',
    ]) {
      let caught: unknown;
      try {
        parseImport(bad, 0);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(AppFailure);
      expect(historyCodeOf(caught)).toBe('history_bad_import');
    }
  });
});
