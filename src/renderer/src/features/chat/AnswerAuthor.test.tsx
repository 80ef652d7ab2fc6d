// @vitest-environment jsdom
// Each answer names the endpoint and model that wrote it, as saved with it: never the model in use now, whether the
// answers came from two local models and a link, or another model is loaded while the conversation is open.
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { AnswerAuthor, StoredMessage } from '@shared/history/types';
import { toExportJson } from '@shared/history/transfer';
import { cleanupApps, loadModel, renderWithApp, settle } from '@renderer/test-support/render-app';
import { ChatView } from './ChatView';

afterEach(cleanupApps);

const authors: Array<AnswerAuthor | undefined> = [
  { kind: 'local', model: 'tiny-llama.gguf' },
  { kind: 'link', model: 'mock-model-2', linkId: 'mock', linkName: 'Mock' },
  { kind: 'local', model: 'qwen2.5-7b.gguf' },
  // An answer saved before answers named their author.
  undefined,
];

function conversationFile(): string {
  const messages: StoredMessage[] = [];
  let parentId: string | null = null;
  authors.forEach((author, n) => {
    const at = 1000 + n * 10;
    const question: StoredMessage = {
      id: `q${n}`,
      parentId,
      role: 'user',
      content: `question ${n}`,
      status: 'complete',
      createdAt: at,
      updatedAt: at,
    };
    const answer: StoredMessage = {
      id: `a${n}`,
      parentId: question.id,
      role: 'assistant',
      content: `answer ${n}`,
      status: 'complete',
      createdAt: at + 1,
      updatedAt: at + 1,
      ...(author ? { author } : {}),
    };
    messages.push(question, answer);
    parentId = answer.id;
  });
  const meta = {
    id: 'c1',
    title: 'Three authors',
    endpoint: { kind: 'link' as const, baseUrl: '', model: '', linkId: 'mock' },
    systemPrompt: '',
    sampling: {},
    nCtx: null,
    slotId: null,
    createdAt: 1000,
    updatedAt: 1100,
    messageCount: messages.length,
    pinned: false,
    activeLeafId: null,
    activeSetAt: 0,
    version: 1,
  };
  return toExportJson([{ meta, messages }], 2000);
}

const answerRows = () => screen.getAllByTestId('chat-message').filter((row) => row.dataset.role === 'assistant');
const speakers = () => answerRows().map((row) => within(row).getByTestId('chat-speaker').textContent);
const labels = () => answerRows().map((row) => within(row).queryByTestId('chat-author')?.textContent ?? null);

describe('the model under each answer', () => {
  it('shows each answer its own model and link, not the one loaded now, and keeps them when another is loaded', async () => {
    const { api, model, t } = await renderWithApp(<ChatView />, { before: ({ api }) => loadModel(api) });
    const imported = await api.invoke('history:import', { text: conversationFile() });
    const id = imported.ok ? (imported.value.created[0]?.id ?? '') : '';
    await act(async () => {
      expect(await model.chat.open(id)).toBe(true);
    });
    await settle();

    const expected = {
      speakers: ['tiny-llama.gguf', 'mock-model-2', 'qwen2.5-7b.gguf', t('chat.assistant')],
      labels: [
        'tiny-llama.gguf',
        t('chat.author.link', { model: 'mock-model-2', name: 'Mock' }),
        'qwen2.5-7b.gguf',
        null,
      ],
    };
    expect(speakers()).toEqual(expected.speakers);
    expect(labels()).toEqual(expected.labels);
    const link = within(answerRows()[1] as HTMLElement).getByTestId('chat-author');
    expect(link.dataset.kind).toBe('link');
    expect(link.title).toBe(t('chat.author.title', { model: 'mock-model-2', endpoint: 'Mock' }));

    await act(() => loadModel(api, '/models/other-model.gguf'));
    await settle();
    expect(speakers()).toEqual(expected.speakers);
    expect(labels()).toEqual(expected.labels);
  });
});
