// Export and import through the store: our JSON both ways, and an OpenAI messages array in.
import { describe, expect, it } from 'vitest';
import { storeOn, tempDir } from '@test-support/history/helpers';
import { chat } from '@test-support/history/chat-exchange';

describe('history store: export and import', () => {
  it('export → import is lossless, branches, tool calls and attachments included', async () => {
    const dir = await tempDir();
    const { store } = storeOn(dir);
    const { meta, user } = await chat(store, 'Look at this', 'A cat.');
    const toolStep = await store.appendMessage(meta.id, {
      parentId: user.id,
      role: 'assistant',
      content: [{ type: 'text', text: 'Calling a tool' }],
      toolCalls: [{ id: 'call_1', type: 'function', function: { name: 'vision', arguments: '{"detail":"high"}' } }],
      extra: { steps: [{ kind: 'tool', name: 'vision', ms: 12 }] },
    });
    await store.appendMessage(meta.id, {
      parentId: null,
      role: 'user',
      content: [
        { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBOR' } },
        { type: 'input_audio', input_audio: { data: 'UklGR', format: 'wav' } },
      ],
    });
    await store.setPinned(meta.id, true);

    const exported = JSON.parse(await store.exportJson([meta.id]));
    const [imported] = await store.importFile(JSON.stringify(exported));
    expect(imported?.id).not.toBe(meta.id);
    const reExported = JSON.parse(await store.exportJson([imported?.id ?? '']));
    const original = exported.conversations[0];
    const copy = reExported.conversations[0];
    expect(copy.messages).toEqual(original.messages);
    expect({ ...copy.meta, id: meta.id }).toEqual(original.meta);

    expect((await store.exportMarkdown('all')).match(/^# Look at this$/gm)).toHaveLength(2);
    await store.selectBranch(meta.id, toolStep.id);
    const md = await store.exportMarkdown([meta.id]);
    expect(md).toContain('## Assistant\n\nCalling a tool\n\n<details>\n<summary>Tool call: vision</summary>');
    await store.close();
  });

  it("carries who wrote each answer through export and import, and names the link conversation's model", async () => {
    const dir = await tempDir();
    const { store } = storeOn(dir);
    const meta = await store.create({ endpoint: { kind: 'link', baseUrl: '', model: '', linkId: 'work' } });
    const authors = [
      { kind: 'link' as const, model: 'gpt-4o-2024-08-06', linkId: 'work', linkName: 'Work API' },
      { kind: 'local' as const, model: 'tiny-llama.gguf' },
      { kind: 'link' as const, model: 'deepseek-chat', linkId: 'other', linkName: 'Other' },
    ];
    let parentId: string | null = null;
    for (const author of authors) {
      const question = await store.appendMessage(meta.id, { parentId, role: 'user', content: `to ${author.model}` });
      const answer = await store.appendMessage(meta.id, {
        parentId: question.id,
        role: 'assistant',
        content: `from ${author.model}`,
        author,
      });
      parentId = answer.id;
    }

    const exported = JSON.parse(await store.exportJson([meta.id]));
    const [conversation] = exported.conversations;
    // The conversation's own endpoint, named by the newest answer that came through it (not another link's).
    expect(conversation.meta.endpoint).toEqual({
      kind: 'link',
      baseUrl: '',
      model: 'gpt-4o-2024-08-06',
      linkId: 'work',
    });
    const answers = (messages: Array<{ role: string; author?: unknown }>) =>
      messages.filter((message) => message.role === 'assistant').map((message) => message.author);
    expect(answers(conversation.messages)).toEqual(authors);
    expect(conversation.messages.filter((m: { role: string }) => m.role === 'user')[0]).not.toHaveProperty('author');

    const [imported] = await store.importFile(JSON.stringify(exported));
    const opened = await store.open(imported?.id ?? '');
    expect(answers(opened.messages)).toEqual(authors);
    expect(opened.meta.endpoint.model).toBe('gpt-4o-2024-08-06');
    await store.close();
  });

  it('imports an OpenAI messages array as a new conversation', async () => {
    const dir = await tempDir();
    const { store } = storeOn(dir);
    const [meta] = await store.importFile(
      JSON.stringify([
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'hello there' },
        { role: 'assistant', content: 'hi' },
      ]),
    );
    const opened = await store.open(meta?.id ?? '');
    expect(opened.meta.systemPrompt).toBe('sys');
    expect(opened.messages.map((m) => m.content)).toEqual(['hello there', 'hi']);
    expect((await store.list())[0]).toMatchObject({
      id: meta?.id,
      title: 'hello there',
      messageCount: 2,
      preview: 'hello there',
    });
    // Found in its title (named after the first question) and in the message itself: one row, showing the message.
    const { hits } = await store.search('hello there');
    expect(hits.map((hit) => [hit.conversationId, hit.messageId])).toEqual([[meta?.id, opened.messages[0]?.id]]);
    expect(hits[0]?.titleMatches).toEqual([{ start: 0, end: 11 }]);
    await store.close();
  });
});
