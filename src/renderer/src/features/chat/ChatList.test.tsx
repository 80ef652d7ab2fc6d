// @vitest-environment jsdom
// The chat list's "↓ Latest" button: offered only while the end of the conversation is out of view.
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { cleanupApps, loadModel, renderWithApp, settle } from '@renderer/test-support/render-app';
import { ChatView } from './ChatView';

afterEach(cleanupApps);

describe('ChatList', () => {
  it('opening a search hit in a short conversation, all of it in view, offers no jump to the end', async () => {
    const { api, model } = await renderWithApp(<ChatView />, { before: ({ api: a }) => loadModel(a) });
    const text = JSON.stringify([
      { role: 'user', content: 'Where do zebras live?' },
      { role: 'assistant', content: 'In Africa.' },
    ]);
    const imported = await api.invoke('history:import', { text });
    if (!imported.ok) throw new Error(imported.error.message);
    const id = imported.value.created[0]?.id ?? '';
    const opened = await api.invoke('history:open', { id });
    if (!opened.ok) throw new Error(opened.error.message);
    const first = opened.value.activePath[0] ?? '';

    await act(() => model.chat.open(id, first));
    await settle();
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(2));
    expect(model.chat.focus.getState()).toBe(first);
    // jsdom lays nothing out: the list's scroll height is its height, so the end is in view.
    expect(screen.queryByTestId('chat-jump')).toBeNull();
  });
});
