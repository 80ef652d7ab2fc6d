import { describe, expect, it } from 'vitest';
import {
  MessagePatchSchema,
  MetaPatchSchema,
  NewConversationSchema,
  NewMessageSchema,
  StoredMessageSchema,
} from './schemas';

describe('history schemas', () => {
  it('accept what the store produces and callers send', () => {
    expect(
      NewMessageSchema.safeParse({ parentId: null, role: 'user', content: [{ type: 'text', text: 'hi' }] }).success,
    ).toBe(true);
    expect(MessagePatchSchema.safeParse({ content: 'x', status: 'stopped', extra: { steps: [] } }).success).toBe(true);
    expect(
      NewConversationSchema.safeParse({ endpoint: { kind: 'link', baseUrl: 'https://x', model: 'm' }, slotId: 2 })
        .success,
    ).toBe(true);
    expect(MetaPatchSchema.safeParse({ pinned: true }).success).toBe(true);
  });

  it('refuse ids that could escape the history folder, unknown roles and unknown fields', () => {
    expect(NewMessageSchema.safeParse({ id: '../x', parentId: null, role: 'user', content: '' }).success).toBe(false);
    expect(NewMessageSchema.safeParse({ parentId: null, role: 'wizard', content: '' }).success).toBe(false);
    expect(MetaPatchSchema.safeParse({ id: 'other' }).success).toBe(false);
    expect(
      StoredMessageSchema.safeParse({
        id: 'a',
        parentId: null,
        role: 'user',
        content: '',
        status: 'complete',
        createdAt: Number.NaN,
        updatedAt: 1,
      }).success,
    ).toBe(false);
  });

  it("keep an answer's citations, drop a damaged one rather than the answer, and read older answers without any", () => {
    const answer = {
      id: 'a',
      parentId: null,
      role: 'assistant',
      content: 'It sleeps by the river [1].',
      status: 'complete',
      createdAt: 1,
      updatedAt: 1,
    };
    const hit = {
      id: 'p1',
      baseId: 'kb1',
      text: 'The tapir sleeps by the river.',
      source: { fileId: 'f1', path: '/docs/animals.md', page: null, lineStart: 3, lineEnd: 4 },
      score: 0.0328,
      similarity: 0.81,
      bm25: null,
    };
    expect(StoredMessageSchema.parse({ ...answer, citations: [hit] }).citations).toEqual([hit]);
    expect(StoredMessageSchema.parse({ ...answer, citations: [{ ...hit, score: 'high' }, 7, hit] }).citations).toEqual([
      hit,
    ]);
    expect(StoredMessageSchema.parse(answer)).not.toHaveProperty('citations');
  });
});
