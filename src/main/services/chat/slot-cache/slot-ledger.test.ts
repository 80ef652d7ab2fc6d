import { describe, expect, it } from 'vitest';
import { evictions, mayRestore, prefixHash, slotFileName, type SlotEntry } from './slot-ledger';

const conversation = [
  { role: 'system', content: 'You are a test.' },
  { role: 'user', content: 'A long question' },
  { role: 'assistant', content: 'Its answer' },
];

function entry(patch: Partial<SlotEntry> = {}): SlotEntry {
  return {
    conversationId: 'c1',
    file: 'conv-c1.bin',
    identity: 'launch',
    tokens: 900,
    messageCount: 3,
    prefixHash: prefixHash(conversation),
    bytes: 100,
    savedAt: 1,
    usedAt: 1,
    ...patch,
  };
}

describe('slot ledger', () => {
  it('restores for the same launch when the request continues the saved messages', () => {
    expect(mayRestore(entry(), 'launch', [...conversation, { role: 'user', content: 'And then?' }])).toEqual({
      ok: true,
    });
  });

  it('refuses another launch, a request that adds nothing, and a conversation changed before the saved answer', () => {
    const next = [...conversation, { role: 'user', content: 'And then?' }];
    expect(mayRestore(entry(), 'other', next)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/another model/),
    });
    expect(mayRestore(entry(), 'launch', conversation)).toMatchObject({ ok: false });
    const edited = next.map((message, index) =>
      index === 1 ? { ...message, content: 'An edited question' } : message,
    );
    expect(mayRestore(entry(), 'launch', edited)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/changed/),
    });
    const regenerated = next.map((message, index) =>
      index === 2 ? { ...message, content: 'Another answer' } : message,
    );
    expect(mayRestore(entry(), 'launch', regenerated)).toMatchObject({ ok: false });
  });

  it('hashes what shapes the prompt: role, content, tool calls; not key order or other fields', () => {
    const a = [{ role: 'user', content: 'x', tool_calls: undefined }];
    const b = [{ content: 'x', role: 'user', name: 'ignored' } as { role: string; content: string }];
    expect(prefixHash(a)).toBe(prefixHash(b));
    expect(prefixHash([{ role: 'assistant', content: 'x' }])).not.toBe(prefixHash(a));
    expect(prefixHash([{ role: 'user', content: 'x', tool_calls: [{ id: '1' }] }])).not.toBe(prefixHash(a));
    // A message boundary is part of it: ["ab"] is not ["a", "b"].
    expect(prefixHash([{ role: 'user', content: 'ab' }])).not.toBe(
      prefixHash([
        { role: 'user', content: 'a' },
        { role: 'user', content: 'b' },
      ]),
    );
  });

  it('evicts least recently used first until the rest fit, and a file alone over the budget too', () => {
    const entries = [
      entry({ file: 'a', usedAt: 3, bytes: 40 }),
      entry({ file: 'b', usedAt: 1, bytes: 40 }),
      entry({ file: 'c', usedAt: 2, bytes: 40 }),
    ];
    expect(evictions(entries, 100).map((e) => e.file)).toEqual(['b']);
    expect(evictions(entries, 120)).toEqual([]);
    expect(evictions(entries, 30).map((e) => e.file)).toEqual(['b', 'c', 'a']);
  });

  it('names files llama-server accepts, one per conversation', () => {
    expect(slotFileName('2f6c-41ab')).toMatch(/^conv-2f6c-41ab-[0-9a-f]{8}\.bin$/);
    expect(slotFileName('a/b..c')).toMatch(/^conv-a_b__c-[0-9a-f]{8}\.bin$/);
    expect(slotFileName('a/b')).not.toBe(slotFileName('a_b'));
  });
});
