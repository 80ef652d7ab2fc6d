import { describe, expect, it } from 'vitest';
import { MessagePatchSchema, MetaPatchSchema, NewConversationSchema, NewMessageSchema, StoredMessageSchema } from './schemas';

describe('history schemas', () => {
  it('accept what the store produces and callers send', () => {
    expect(NewMessageSchema.safeParse({ parentId: null, role: 'user', content: [{ type: 'text', text: 'hi' }] }).success).toBe(true);
    expect(MessagePatchSchema.safeParse({ content: 'x', status: 'stopped', extra: { steps: [] } }).success).toBe(true);
    expect(NewConversationSchema.safeParse({ endpoint: { kind: 'link', baseUrl: 'https://x', model: 'm' }, slotId: 2 }).success).toBe(true);
    expect(MetaPatchSchema.safeParse({ pinned: true }).success).toBe(true);
  });

  it('refuse ids that could escape the history folder, unknown roles and unknown fields', () => {
    expect(NewMessageSchema.safeParse({ id: '../x', parentId: null, role: 'user', content: '' }).success).toBe(false);
    expect(NewMessageSchema.safeParse({ parentId: null, role: 'wizard', content: '' }).success).toBe(false);
    expect(MetaPatchSchema.safeParse({ id: 'other' }).success).toBe(false);
    expect(StoredMessageSchema.safeParse({ id: 'a', parentId: null, role: 'user', content: '', status: 'complete', createdAt: Number.NaN, updatedAt: 1 }).success).toBe(false);
  });
});
