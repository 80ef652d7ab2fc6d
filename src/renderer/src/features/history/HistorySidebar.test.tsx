// @vitest-environment jsdom
// The history sidebar over the real core's history area (test-support/core-platform.ts): date
// groups, search, rename, delete and its undo, each checked in the DOM and in the calls sent to the core.
// Its keyboard use is HistorySidebar.keyboard.test.tsx.
import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  callsOf,
  choose,
  cleanupOnCore,
  listed,
  renderOnCore,
  renderSeeded,
  row,
  settle,
} from '@renderer/test-support/history-sidebar';
import { HistorySidebar } from './HistorySidebar';

afterEach(cleanupOnCore);

const importFile = (text: string): void => {
  const file = new File([text], 'chats.json', { type: 'application/json' });
  fireEvent.change(screen.getByTestId('history-import-file'), { target: { files: [file] } });
};

describe('HistorySidebar', () => {
  it('lists conversations under date headers: pinned first, then today, yesterday, older', async () => {
    await renderSeeded();
    expect(listed()).toEqual([
      '# Pinned',
      'Rust lifetimes',
      '# Today',
      'Grocery list',
      '# Yesterday',
      'Lisbon trip plan',
      '# Older',
      'Tax return 2023',
    ]);
    expect(row('Rust lifetimes').dataset.pinned).toBe('true');
  });

  it('says so when there is nothing saved', async () => {
    const { t } = await renderOnCore();
    expect(screen.getByTestId('history-list').textContent).toBe(t('history.empty'));
    expect((screen.getByTestId('history-clear') as HTMLButtonElement).disabled).toBe(true);
  });

  it('search shows only the matching conversations, the match marked, and clearing it brings the list back', async () => {
    const { t } = await renderSeeded();
    const search = screen.getByTestId('history-search');
    fireEvent.change(search, { target: { value: 'lis' } });
    const results = await screen.findByTestId('history-results');
    // "Lisbon" matches by its title; "Grocery list" by "lis" inside "list".
    const hits = within(results).getAllByTestId('history-result');
    expect(hits.map((hit) => hit.querySelector('.history-title')?.textContent).sort()).toEqual([
      'Grocery list',
      'Lisbon trip plan',
    ]);
    expect([...results.querySelectorAll('mark')].map((mark) => mark.textContent.toLowerCase())).toEqual(['lis', 'lis']);
    expect(screen.queryByTestId('history-list')).toBeNull();

    fireEvent.change(search, { target: { value: 'zebra' } });
    await waitFor(() => expect(screen.queryByTestId('history-results')).toBeNull());
    await screen.findByText(t('history.noResults', { query: 'zebra' }));

    fireEvent.change(search, { target: { value: '' } });
    expect(listed()).toHaveLength(8);
  });

  it('renames inline: Enter saves the new title, and the list shows it', async () => {
    const { api, ids, t } = await renderSeeded();
    choose('Grocery list', 'history.rename', t);
    const field = screen.getByTestId('history-rename-input') as HTMLInputElement;
    expect(field.value).toBe('Grocery list');
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'Weekly groceries' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(listed()).toContain('Weekly groceries'));
    expect(listed()).not.toContain('Grocery list');
    expect(callsOf(api, 'history:rename')).toEqual([{ id: ids['Grocery list'], title: 'Weekly groceries' }]);
  });

  it('Esc leaves a rename without saving it', async () => {
    const { api, t } = await renderSeeded();
    choose('Grocery list', 'history.rename', t);
    const field = screen.getByTestId('history-rename-input');
    fireEvent.change(field, { target: { value: 'Something else' } });
    fireEvent.keyDown(field, { key: 'Escape' });
    await settle();
    expect(screen.queryByTestId('history-rename-input')).toBeNull();
    expect(listed()).toContain('Grocery list');
    expect(callsOf(api, 'history:rename')).toEqual([]);
  });

  it('delete removes the row at once and offers Undo, which brings it back', async () => {
    const { api, ids, t } = await renderSeeded();
    choose('Lisbon trip plan', 'history.delete', t);
    await waitFor(() => expect(listed()).not.toContain('Lisbon trip plan'));
    // Its group had no other conversation: the header goes too.
    expect(listed()).not.toContain('# Yesterday');
    expect(screen.getByTestId('history-undo-bar').textContent).toBe('Deleted “Lisbon trip plan”Undo');
    const [deleted] = callsOf(api, 'history:delete');
    expect(deleted).toEqual({ ids: [ids['Lisbon trip plan']] });

    fireEvent.click(screen.getByTestId('history-undo'));
    await waitFor(() =>
      expect(listed()).toEqual([
        '# Pinned',
        'Rust lifetimes',
        '# Today',
        'Grocery list',
        '# Yesterday',
        'Lisbon trip plan',
        '# Older',
        'Tax return 2023',
      ]),
    );
    expect(screen.queryByTestId('history-undo-bar')).toBeNull();
    expect(callsOf(api, 'history:undo-delete')).toHaveLength(1);
  });

  it('deleting the conversation that is open starts a new chat', async () => {
    const { model, ids, t } = await renderSeeded();
    fireEvent.click(within(row('Grocery list')).getByTestId('history-open'));
    await waitFor(() => expect(row('Grocery list').classList.contains('active')).toBe(true));
    expect(model.chat.conversation.getState().id).toBe(ids['Grocery list']);
    choose('Grocery list', 'history.delete', t);
    await waitFor(() => expect(model.chat.conversation.getState().id).toBeNull());
  });
});

describe('HistorySidebar while a question is sent', () => {
  it('does not render again when a new conversation gets its id, only once an open conversation is listed', async () => {
    let renders = 0;
    const ids: Record<string, string> = {};
    const { model } = await renderOnCore(
      <Profiler id="history" onRender={() => (renders += 1)}>
        <HistorySidebar />
      </Profiler>,
      {
        before: async ({ api }) => {
          const created = await api.invoke('history:create', { title: 'Grocery list' });
          if (!created.ok) throw new Error(created.error.message);
          ids['Grocery list'] = created.value.id;
        },
      },
    );
    await settle();
    const before = renders;
    // A first question in a new chat: the conversation has its id before the core has saved it.
    act(() => model.chat.conversation.setState((state) => ({ ...state, id: 'not-saved-yet' }), true));
    expect(renders).toBe(before);
    expect(screen.getAllByTestId('history-item').filter((item) => item.querySelector('[aria-current]'))).toHaveLength(
      0,
    );
    act(() => model.chat.conversation.setState((state) => ({ ...state, id: ids['Grocery list'] as string }), true));
    expect(renders).toBeGreaterThan(before);
    expect(row('Grocery list').querySelector('[aria-current="true"]')).not.toBeNull();
  });

  it('says how many Clear all deleted, and what an import brought in, in English and in Chinese', async () => {
    await renderSeeded();
    fireEvent.click(screen.getByTestId('history-clear'));
    fireEvent.click(await screen.findByTestId('history-clear-confirm'));
    await waitFor(() => expect(screen.getByTestId('history-undo-bar').textContent).toBe('Deleted 4 conversationsUndo'));
    const picnic = JSON.stringify([{ role: 'user', content: 'Plan a picnic' }]);
    importFile(picnic);
    await waitFor(() =>
      expect(screen.getByTestId('history-imported').textContent).toBe('Imported 1 conversation: “Plan a picnic”'),
    );
    await cleanupOnCore();

    const { api } = await renderOnCore(<HistorySidebar />, {
      language: 'zh',
      before: async ({ api: a }) => {
        for (const title of ['旅行计划', '购物清单']) await a.invoke('history:create', { title });
      },
    });
    const exported = await api.invoke('history:export', { ids: 'all', format: 'json' });
    if (!exported.ok) throw new Error(exported.error.message);
    importFile(exported.value.text);
    await waitFor(() =>
      expect(screen.getByTestId('history-imported').textContent).toMatch(/^已导入 2 个对话：“(旅行计划|购物清单)”、“/),
    );
  });
});
