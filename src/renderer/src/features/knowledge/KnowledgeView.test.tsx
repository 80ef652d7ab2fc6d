// @vitest-environment jsdom
// The Knowledge page and the composer toggle on the in-memory platform: create a
// base, add a file, the Test button's figures, a search's citation opening its
// passage, and the toggle writing settings.knowledge.useInChat.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { cleanupApps, renderWithApp } from '@renderer/test-support/render-app';
import { KnowledgeView } from './KnowledgeView';
import { KnowledgeToggle } from './KnowledgeToggle';

afterEach(cleanupApps);

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
    await waitFor(() => expect(screen.getByTestId('knowledge-embedder-result').textContent).toBe('Vectors of 64 dimensions; similarity of the two sample sentences 0.4200 (3 ms)'));

    fireEvent.change(screen.getByTestId('knowledge-query'), { target: { value: 'tapir' } });
    fireEvent.click(screen.getByTestId('knowledge-search'));
    await waitFor(() => expect(screen.getByTestId('knowledge-citation').textContent).toBe('tapir.md, lines 1–3'));
    fireEvent.click(screen.getByTestId('knowledge-citation'));
    await waitFor(() => expect(screen.getByTestId('knowledge-passage').querySelector('mark')!.textContent).toBe('A passage of /docs/tapir.md.'));
    expect((api as unknown as { calls: Array<{ channel: string }> }).calls.map((c) => c.channel)).toContain('knowledge:open-passage');
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
