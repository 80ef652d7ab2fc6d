// Searching the history through the store: titles, message text, and a long conversation.
import { describe, expect, it } from 'vitest';
import { storeOn, tempDir } from '@test-support/history/helpers';
import { chat } from '@test-support/history/chat-exchange';

describe('history store: search', () => {
  it('searches titles and message text, and stays current as messages change', async () => {
    const dir = await tempDir();
    const { store } = storeOn(dir);
    const { meta } = await chat(store, 'Tell me about Zebras', 'Zebras have black and white stripes.');
    await store.rename(meta.id, 'Striped animals');
    let result = await store.search('STRIPES');
    expect(result.hits).toHaveLength(1);
    const [hit] = result.hits;
    expect(hit?.snippet.slice(hit.matches[0]?.start, hit.matches[0]?.end)).toBe('stripes');
    result = await store.search('striped');
    expect(result.hits[0]).toMatchObject({ conversationId: meta.id, messageId: null, title: 'Striped animals' });
    const later = await store.appendMessage(meta.id, { parentId: null, role: 'user', content: 'What about okapis?' });
    expect((await store.search('okapi')).hits.map((h) => h.messageId)).toEqual([later.id]);
    await store.updateMessage(meta.id, later.id, { content: 'What about giraffes?' });
    expect((await store.search('okapi')).hits).toEqual([]);
    expect((await store.search('giraffe')).hits).toHaveLength(1);
    await store.close();
  });

  it('lists a conversation once when its title and a message both match, showing the message', async () => {
    const dir = await tempDir();
    const { store } = storeOn(dir);
    const { meta } = await chat(store, 'Plan the garden', 'Plant tomatoes by the garden wall, and more garden beds.');
    await store.rename(meta.id, 'Garden ideas');
    const other = await chat(store, 'Where is the garden shed?', 'Behind the house.');
    const result = await store.search('garden');
    expect(result.hits.map((h) => h.conversationId).sort()).toEqual([meta.id, other.meta.id].sort());
    const hit = result.hits.find((h) => h.conversationId === meta.id);
    expect(hit?.messageId).not.toBeNull();
    expect(hit?.title).toBe('Garden ideas');
    expect(hit?.titleMatches).toEqual([{ start: 0, end: 6 }]);
    expect(hit?.snippet).toContain('garden');
    // The limit counts conversations, not rows.
    expect((await store.search('garden', { limit: 1 })).hits).toHaveLength(1);
    expect((await store.search('garden', { limit: 1 })).truncated).toBe(true);
    await store.close();
  });

  it('finds text in message 1,000 of a long conversation', async () => {
    const dir = await tempDir();
    const writer = storeOn(dir);
    // Imported in one write: 1,200 separate fsynced appends would only slow the test down.
    const openAi = Array.from({ length: 1200 }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      content: i === 999 ? 'the secret word is xylophone-42' : `message number ${i + 1}`,
    }));
    const [meta] = await writer.store.importFile(JSON.stringify(openAi));
    await writer.store.appendMessage(meta?.id ?? '', {
      parentId: 'm1200',
      role: 'user',
      content: 'and one appended after',
    });
    await writer.store.close();
    const reader = storeOn(dir);
    const result = await reader.store.search('Xylophone-42');
    expect(result.hits.map((h) => [h.conversationId, h.messageId])).toEqual([[meta?.id, 'm1000']]);
    const opened = await reader.store.open(meta?.id ?? '');
    expect(opened.activePath).toHaveLength(1201);
    expect(opened.activePath[999]).toBe('m1000');
  });
});
