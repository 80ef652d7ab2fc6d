import { describe, expect, it } from 'vitest';
import { conversationToMarkdown } from './markdown';
import type { ConversationMeta, StoredMessage } from './types';

const meta: ConversationMeta = {
  id: 'c1',
  title: 'Weather <tools>',
  endpoint: { kind: 'local', baseUrl: 'http://127.0.0.1:8080', model: 'qwen3-4b' },
  systemPrompt: 'You are EVA.',
  sampling: {},
  nCtx: 4096,
  slotId: 0,
  createdAt: Date.UTC(2025, 0, 2, 3, 4, 5),
  updatedAt: Date.UTC(2025, 0, 2, 3, 5, 0),
  messageCount: 5,
  pinned: false,
  activeLeafId: null,
  activeSetAt: 0,
  version: 1,
};

const base = { status: 'complete' as const, createdAt: 1, updatedAt: 1 };
const messages: StoredMessage[] = [
  {
    ...base,
    id: 'u1',
    parentId: null,
    role: 'user',
    content: [
      { type: 'text', text: 'Weather in Paris?' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
    ],
  },
  {
    ...base,
    id: 'a1',
    parentId: 'u1',
    role: 'assistant',
    content: '',
    reasoning: 'Need the weather tool.',
    toolCalls: [{ id: 'call1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } }],
  },
  {
    ...base,
    id: 't1',
    parentId: 'a1',
    role: 'tool',
    name: 'weather',
    toolCallId: 'call1',
    content: 'Sunny, ```22``` C',
  },
  {
    ...base,
    id: 'a2',
    parentId: 't1',
    role: 'assistant',
    content: 'It is sunny and 22 °C.',
    status: 'interrupted',
    updatedAt: 5,
  },
  {
    ...base,
    id: 'old',
    parentId: 'u1',
    role: 'assistant',
    content: 'An older answer on another branch.',
    updatedAt: 0,
  },
];

describe('markdown export', () => {
  const md = conversationToMarkdown(meta, messages);

  it('prints the active branch readably with thinking and tools folded away', () => {
    expect(md).toContain('# Weather <tools>');
    expect(md).toContain('- Model: qwen3-4b');
    expect(md).toContain('- Created: 2025-01-02T03:04:05.000Z');
    expect(md).toContain('<details>\n<summary>System prompt</summary>\n\nYou are EVA.\n\n</details>');
    expect(md).toContain('## User\n\nWeather in Paris?\n\n*[image attached]*');
    expect(md).toContain('<details>\n<summary>Thinking</summary>\n\nNeed the weather tool.\n\n</details>');
    expect(md).toContain('<summary>Tool call: weather</summary>\n\n```json\n{\n  "city": "Paris"\n}\n```');
    expect(md).toContain('<summary>Tool result: weather</summary>');
    expect(md).toContain('It is sunny and 22 °C.\n\n*(answer interrupted)*');
  });

  it("lists an answer's knowledge-base sources under it", () => {
    const hit = {
      id: 'p1',
      baseId: 'kb1',
      text: 'Page two covers the pangolin schedule.',
      source: { fileId: 'f1', path: '/docs/report.pdf', page: 2, lineStart: 1, lineEnd: 1 },
      score: 0.0164,
      similarity: 0.7,
      bm25: null,
    };
    const cited = conversationToMarkdown({ ...meta, activeLeafId: 'c2' }, [
      messages[0]!,
      { ...base, id: 'c2', parentId: 'u1', role: 'assistant', content: 'See [1].', citations: [hit] },
    ]);
    expect(cited).toContain(
      'See [1].\n\n<details>\n<summary>Knowledge-base sources</summary>\n\n```\n[1] report.pdf, page 2, line 1\n```\n\n</details>',
    );
  });

  it('fences tool output so backticks inside cannot break out', () => {
    expect(md).toContain('````\nSunny, ```22``` C\n````');
  });

  it('counts the branches it leaves out instead of mixing them in', () => {
    expect(md).not.toContain('An older answer');
    expect(md).toContain('1 message on other branches not shown');
  });

  it('escapes HTML in summaries', () => {
    const tricky = conversationToMarkdown(meta, [
      {
        ...base,
        id: 'a',
        parentId: null,
        role: 'assistant',
        content: 'x',
        toolCalls: [{ id: 'c', type: 'function', function: { name: '<script>', arguments: 'not json' } }],
      },
    ]);
    expect(tricky).toContain('<summary>Tool call: &lt;script&gt;</summary>');
    expect(tricky).toContain('```json\nnot json\n```');
  });
});
