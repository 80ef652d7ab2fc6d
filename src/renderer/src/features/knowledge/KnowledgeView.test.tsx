// @vitest-environment jsdom
// The Knowledge page and the composer toggle on the in-memory platform: create a
// base, add a file by path or a folder and a file with the file browser, the Test
// button's figures, a search's citation opening its passage, and the toggle
// writing settings.knowledge.useInChat.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cleanupApps, renderWithApp } from '@renderer/test-support/render-app';
import { KnowledgeView } from './KnowledgeView';
import { KnowledgeToggle } from './KnowledgeToggle';

afterEach(cleanupApps);

const entryNames = () =>
  screen.queryAllByTestId('browse-entry').map((el) => el.querySelector('.browse-name')?.textContent);

describe('KnowledgeView', () => {
  it('creates a base, adds a file, tests the embedder and opens a cited passage', async () => {
    const { api } = await renderWithApp(<KnowledgeView />);
    fireEvent.change(screen.getByTestId('knowledge-new-name'), { target: { value: 'Notes' } });
    fireEvent.click(screen.getByTestId('knowledge-create'));
    await waitFor(() => expect(screen.getByTestId('knowledge-base-name').textContent).toBe('Notes'));

    fireEvent.change(screen.getByTestId('knowledge-add-path'), { target: { value: '/docs/tapir.md' } });
    fireEvent.click(screen.getByTestId('knowledge-add'));
    await waitFor(() => expect(screen.getByTestId('knowledge-file').textContent).toContain('/docs/tapir.md'));
    expect(screen.getByTestId('knowledge-file').textContent).toContain('1 passage');

    fireEvent.click(screen.getByTestId('knowledge-embedder-test'));
    // The figure says what it means: two related sentences against two unrelated ones, and the verdict.
    await waitFor(() =>
      expect(screen.getByTestId('knowledge-embedder-result').textContent).toContain(
        'Vectors of 64 dimensions (3 ms). Similarity of two related sentences 0.42; of two unrelated ones 0.12.',
      ),
    );
    expect(screen.getByTestId('knowledge-embedder-verdict').textContent).toBe(
      'The model tells them apart: related sentences score clearly higher than unrelated ones, as an embedding model should.',
    );

    fireEvent.change(screen.getByTestId('knowledge-query'), { target: { value: 'tapir' } });
    fireEvent.click(screen.getByTestId('knowledge-search'));
    await waitFor(() => expect(screen.getByTestId('knowledge-citation').textContent).toBe('tapir.md, lines 1–3'));
    fireEvent.click(screen.getByTestId('knowledge-citation'));
    await waitFor(() =>
      expect(screen.getByTestId('knowledge-passage').querySelector('mark')!.textContent).toBe(
        'A passage of /docs/tapir.md.',
      ),
    );
    expect(api.calls.map((c) => c.channel)).toContain('knowledge:open-passage');
  });

  it('renames a base inline, and deletes it only after asking', async () => {
    const { api } = await renderWithApp(<KnowledgeView />);
    fireEvent.change(screen.getByTestId('knowledge-new-name'), { target: { value: 'Notes' } });
    fireEvent.click(screen.getByTestId('knowledge-create'));
    await waitFor(() => expect(screen.getByTestId('knowledge-base-name').textContent).toBe('Notes'));
    const channels = () => api.calls.map((c) => c.channel);

    fireEvent.click(screen.getByTestId('knowledge-rename'));
    fireEvent.change(screen.getByTestId('knowledge-rename-input'), { target: { value: 'Papers' } });
    fireEvent.click(screen.getByTestId('knowledge-rename-save'));
    await waitFor(() => expect(screen.getByTestId('knowledge-base-name').textContent).toBe('Papers'));

    fireEvent.click(screen.getByTestId('knowledge-delete'));
    expect(screen.getByTestId('knowledge-delete-confirm').textContent).toContain('Delete “Papers” and its 0 passages?');
    expect(channels()).not.toContain('knowledge:delete');
    fireEvent.click(screen.getByText('Keep'));
    expect(screen.queryByTestId('knowledge-delete-confirm')).toBeNull();
    fireEvent.click(screen.getByTestId('knowledge-delete'));
    fireEvent.click(screen.getByTestId('knowledge-delete-yes'));
    await waitFor(() => expect(screen.queryByTestId('knowledge-base')).toBeNull());
    expect(channels()).toContain('knowledge:delete');
  });

  it("adds a whole folder and a file of any type with the app's file browser", async () => {
    const modelFiles = {
      '/home/user/docs/notes.md': 120,
      '/home/user/docs/report.pdf': 3000,
      '/home/user/docs/deep/tool.py': 50,
      '/home/user/models/tiny.gguf': 100,
    };
    const { api, t } = await renderWithApp(<KnowledgeView />, { platform: { modelFiles } });
    fireEvent.change(screen.getByTestId('knowledge-new-name'), { target: { value: 'Docs' } });
    fireEvent.click(screen.getByTestId('knowledge-create'));
    await waitFor(() => expect(screen.getByTestId('knowledge-base-name').textContent).toBe('Docs'));

    fireEvent.click(screen.getByTestId('knowledge-browse'));
    const dialog = await screen.findByTestId('browse-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe(t('library.browse.titleAny'));
    await waitFor(() => expect(entryNames()).toEqual(['docs', 'models']));
    fireEvent.doubleClick(screen.getAllByTestId('browse-entry')[0]!);
    // Every file shows, not only models: documents are what a base takes.
    await waitFor(() => expect(entryNames()).toEqual(['deep', 'notes.md', 'report.pdf']));
    fireEvent.click(screen.getByTestId('browse-choose-folder'));
    await waitFor(() => expect(screen.queryByTestId('browse-dialog')).toBeNull());
    await waitFor(() =>
      expect(
        screen.getAllByTestId('knowledge-file').map((el) => el.querySelector('.knowledge-file-path')?.textContent),
      ).toEqual(['/home/user/docs']),
    );

    // A single file, by keyboard, starting beside what the base holds.
    fireEvent.click(screen.getByTestId('knowledge-browse'));
    await waitFor(() => expect(screen.getByTestId('browse-path').textContent).toBe('/home/user'));
    await waitFor(() => expect(entryNames()).toEqual(['docs', 'models']));
    const list = screen.getByTestId('browse-list');
    fireEvent.keyDown(list, { key: 'Enter' });
    await waitFor(() => expect(entryNames()).toEqual(['deep', 'notes.md', 'report.pdf']));
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'Enter' });
    await waitFor(() => expect(screen.queryByTestId('browse-dialog')).toBeNull());
    const added = api.calls
      .filter((c) => c.channel === 'knowledge:add')
      .map((c) => (c.input as { paths: string[] }).paths);
    expect(added).toEqual([['/home/user/docs'], ['/home/user/docs/notes.md']]);
    expect(
      api.calls
        .filter((c) => c.channel === 'models:browse')
        .every((c) => (c.input as { files?: string }).files === 'all'),
    ).toBe(true);
  });

  it('warns before starting a chat model as the embedder, and starts it when the user insists', async () => {
    const modelFiles = {
      '/home/user/models/Qwen2.5-0.5B-Instruct-Q4_K_M.gguf': 100,
      '/home/user/embed/bge-small.gguf': 50,
    };
    const { api, model } = await renderWithApp(<KnowledgeView />, { platform: { modelFiles } });
    const started = () => api.calls.filter((c) => c.channel === 'knowledge:embedder-start').length;
    const input = screen.getByTestId('knowledge-embedder-model');
    fireEvent.change(input, { target: { value: '/home/user/models/Qwen2.5-0.5B-Instruct-Q4_K_M.gguf' } });
    fireEvent.blur(input);
    await waitFor(() =>
      expect(screen.getByTestId('knowledge-embedder-warning').textContent).toMatch(
        /^This looks like a chat model, not an embedding model: llama is a causal language model/,
      ),
    );
    fireEvent.click(screen.getByTestId('knowledge-embedder-start'));
    await screen.findByTestId('knowledge-embedder-insist');
    expect(started()).toBe(0);
    fireEvent.click(screen.getByTestId('knowledge-embedder-insist'));
    await waitFor(() => expect(started()).toBe(1));

    // An embedding model, chosen with Browse… through the same file browser, starts without a word.
    fireEvent.click(screen.getByTestId('knowledge-embedder-browse'));
    fireEvent.change(await screen.findByTestId('browse-path-input'), { target: { value: '~/embed' } });
    fireEvent.keyDown(screen.getByTestId('browse-path-input'), { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('browse-path').textContent).toBe('/home/user/embed'));
    fireEvent.click(screen.getAllByTestId('browse-entry')[0]!);
    fireEvent.click(screen.getByTestId('browse-choose'));
    await waitFor(() =>
      expect(model.app.store.getState().settings?.knowledge.embedder.modelPath).toBe('/home/user/embed/bge-small.gguf'),
    );
    await waitFor(() => expect(screen.queryByTestId('knowledge-embedder-warning')).toBeNull());
    fireEvent.click(screen.getByTestId('knowledge-embedder-start'));
    await waitFor(() => expect(started()).toBe(2));
  });

  it('adding files with a chat model as the embedder waits for the same Start anyway, which lets them in', async () => {
    const chat = '/home/user/models/Qwen2.5-0.5B-Instruct-Q4_K_M.gguf';
    const { api, model } = await renderWithApp(<KnowledgeView />);
    await model.app.updateSettings({ knowledge: { embedder: { modelPath: chat } } });
    const started = () => api.calls.filter((c) => c.channel === 'knowledge:embedder-start').length;
    fireEvent.change(screen.getByTestId('knowledge-new-name'), { target: { value: 'Notes' } });
    fireEvent.click(screen.getByTestId('knowledge-create'));
    await waitFor(() => expect(screen.getByTestId('knowledge-base-name').textContent).toBe('Notes'));

    // Nothing held the add back on the page: the core refuses, and the page offers the choice it offers for Start.
    fireEvent.change(screen.getByTestId('knowledge-add-path'), { target: { value: '/docs/tapir.md' } });
    fireEvent.click(screen.getByTestId('knowledge-add'));
    await waitFor(() =>
      expect(screen.getByTestId('knowledge-progress').textContent).toContain(
        'the embedding model chosen is a chat model: choose another, or Start anyway',
      ),
    );
    expect(screen.getByTestId('knowledge-file').textContent).not.toContain('1 passage');
    expect(screen.getByTestId('knowledge-embedder-warning').textContent).toMatch(/^This looks like a chat model/);
    expect(started()).toBe(0);

    fireEvent.click(screen.getByTestId('knowledge-embedder-insist'));
    await waitFor(() => expect(screen.getByTestId('knowledge-file').textContent).toContain('1 passage'));
    expect(model.app.store.getState().settings?.knowledge.embedder.acceptedChatModel).toBe(chat);
    expect(started()).toBe(1);
    expect(screen.queryByTestId('knowledge-embedder-insist')).toBeNull();

    // Insisted on once, the file is no longer asked about: Start goes straight to the core.
    fireEvent.click(screen.getByTestId('knowledge-embedder-start'));
    await waitFor(() => expect(started()).toBe(2));
    expect(screen.queryByTestId('knowledge-embedder-insist')).toBeNull();
  });

  it("words the core's refusal of a chat model in the UI's language and offers Start anyway", async () => {
    const chat = '/home/user/models/llama-3.2-1b-instruct.gguf';
    const { api, model } = await renderWithApp(<KnowledgeView />, { language: 'zh' });
    await model.app.updateSettings({ knowledge: { embedder: { modelPath: chat } } });
    // The page's own check failed (so it held nothing back); the core still refuses the start.
    api.handle('knowledge:embedder-check', () => ({
      ok: false,
      error: { code: 'internal', message: 'no check', details: {} },
    }));
    fireEvent.click(screen.getByTestId('knowledge-embedder-test'));
    await waitFor(() =>
      expect(screen.getByTestId('knowledge-error').textContent).toContain(`${chat} 看起来是聊天模型，而不是嵌入模型`),
    );
    expect(screen.getByTestId('knowledge-embedder-insist').textContent).toBe('仍然启动');
  });

  it('says when the Test shows a model that does not tell related texts from unrelated ones', async () => {
    const { api } = await renderWithApp(<KnowledgeView />);
    api.handle('knowledge:embedder-test', () => ({
      ok: true,
      value: {
        model: 'tiny-llama.gguf',
        dimension: 64,
        texts: ['The cat sat on the mat.', 'A kitten is resting on the rug.'],
        similarity: 0.1617,
        unrelatedText: 'Quarterly tax returns are due at the end of April.',
        unrelatedSimilarity: 0.1402,
        separates: false,
        ms: 5,
      },
    }));
    fireEvent.click(screen.getByTestId('knowledge-embedder-test'));
    await waitFor(() =>
      expect(screen.getByTestId('knowledge-embedder-verdict').textContent).toMatch(
        /^The model does not tell them apart/,
      ),
    );
    expect(screen.getByTestId('knowledge-embedder-result').textContent).toContain(
      'related sentences 0.16; of two unrelated ones 0.14',
    );
  });

  it('shows a base in Chinese', async () => {
    await renderWithApp(<KnowledgeView />, { language: 'zh' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('知识库');
  });
});

describe('KnowledgeToggle', () => {
  it('switches the knowledge base on for plain chats through the settings', async () => {
    const { model } = await renderWithApp(<KnowledgeToggle disabled={false} />);
    const box = screen.getByTestId('chat-knowledge-toggle') as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    await waitFor(() => expect(model.app.store.getState().settings?.knowledge.useInChat).toBe(true));
    await waitFor(() => expect((screen.getByTestId('chat-knowledge-toggle') as HTMLInputElement).checked).toBe(true));
  });
});
