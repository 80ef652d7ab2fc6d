// @vitest-environment jsdom
// The history sidebar over the memory platform's fake history: date groups, search,
// rename, delete and its undo, each checked in the DOM and in the calls sent to the core.
import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InvokeInput } from '@shared/contract';
import type { MemoryPlatform } from '@renderer/platform/memory-platform';
import type { Translate } from '@renderer/i18n';
import { cleanupApps, renderWithApp, settle } from '@renderer/test-support/render-app';
import { HistorySidebar } from './HistorySidebar';

afterEach(cleanupApps);

const DAY_MS = 86_400_000;

function startOfToday(): number {
  const date = new Date();
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

/**
 * Four conversations last changed at different times (the fake stamps them with the platform's clock), one of them
 * pinned.
 */
async function renderSeeded() {
  let clock: number | null = null;
  const ids: Record<string, string> = {};
  const app = await renderWithApp(<HistorySidebar />, {
    platform: { now: () => clock ?? Date.now() },
    before: async ({ api }) => {
      const create = async (title: string, at: number | null): Promise<void> => {
        clock = at;
        const created = await api.invoke('history:create', { title });
        if (!created.ok) throw new Error(created.error.message);
        ids[title] = created.value.id;
      };
      await create('Tax return 2023', Date.now() - 90 * DAY_MS);
      await create('Lisbon trip plan', startOfToday() - 3_600_000);
      await create('Grocery list', null);
      await create('Rust lifetimes', null);
      clock = null;
      await api.invoke('history:pin', { id: ids['Rust lifetimes'] as string, pinned: true });
    },
  });
  await settle();
  return { ...app, ids };
}

/** The list as the user reads it, top to bottom: group headers as "# name", conversations by title. */
function listed(): string[] {
  const list = screen.getByTestId('history-list');
  return [...list.querySelectorAll<HTMLElement>('.history-group, [data-testid="history-item"]')].map((el) =>
    el.classList.contains('history-group')
      ? `# ${el.textContent}`
      : `${within(el).getByTestId('history-open').getAttribute('title')}`,
  );
}

const row = (title: string): HTMLElement => {
  const found = screen
    .getAllByTestId('history-item')
    .find((el) => within(el).getByTestId('history-open').getAttribute('title') === title);
  if (!found) throw new Error(`no history row titled ${title}: ${listed().join(' | ')}`);
  return found;
};

/** A row's action, through its ⋯ menu as a user reaches it. */
function choose(title: string, item: 'history.rename' | 'history.delete', t: Translate): void {
  fireEvent.click(within(row(title)).getByTestId('history-menu'));
  fireEvent.click(within(row(title)).getByRole('menuitem', { name: t(item) }));
}

const callsOf = <C extends 'history:rename' | 'history:delete' | 'history:undo-delete'>(
  api: MemoryPlatform,
  channel: C,
) => api.calls.filter((c) => c.channel === channel).map((c) => c.input as InvokeInput<C>);

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
    const { t } = await renderWithApp(<HistorySidebar />);
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
    expect(screen.getByTestId('history-undo-bar').textContent).toContain(t('history.deleted', { count: 1 }));
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

/** The rows' open buttons, top to bottom, and which of them Tab reaches. */
const openButtons = (): HTMLElement[] => screen.getAllByTestId('history-open');
const tabStops = (): string[] =>
  openButtons()
    .filter((button) => button.tabIndex === 0)
    .map((button) => button.getAttribute('title') ?? '');
const focusedTitle = (): string | null =>
  (document.activeElement as HTMLElement | null)
    ?.closest<HTMLElement>('[data-testid="history-item"]')
    ?.querySelector('[data-testid="history-open"]')
    ?.getAttribute('title') ?? null;
const press = (key: string, init: Partial<KeyboardEventInit> = {}): void => {
  fireEvent.keyDown(document.activeElement as Element, { key, ...init });
};

describe('HistorySidebar while a question is sent', () => {
  it('does not render again when a new conversation gets its id, only once an open conversation is listed', async () => {
    let renders = 0;
    const ids: Record<string, string> = {};
    const { model } = await renderWithApp(
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
});

describe('HistorySidebar on the keyboard', () => {
  it('is one Tab stop: the first row until a conversation is open, then the open one; ⋯ is no stop', async () => {
    const { ids } = await renderSeeded();
    expect(tabStops()).toEqual(['Rust lifetimes']);
    for (const menu of screen.getAllByTestId('history-menu')) expect(menu.tabIndex).toBe(-1);

    fireEvent.click(within(row('Lisbon trip plan')).getByTestId('history-open'));
    await waitFor(() => expect(row('Lisbon trip plan').querySelector('[aria-current="true"]')).not.toBeNull());
    expect(screen.getAllByTestId('history-item').filter((item) => item.querySelector('[aria-current]'))).toHaveLength(
      1,
    );
    expect(tabStops()).toEqual(['Lisbon trip plan']);
    expect(ids['Lisbon trip plan']).toBeDefined();
  });

  it('↑/↓/Home/End move the focus and the Tab stop from row to row, over the group headers', async () => {
    await renderSeeded();
    openButtons()[0]?.focus();
    press('ArrowDown');
    await waitFor(() => expect(focusedTitle()).toBe('Grocery list'));
    press('ArrowDown');
    await waitFor(() => expect(focusedTitle()).toBe('Lisbon trip plan'));
    expect(tabStops()).toEqual(['Lisbon trip plan']);
    press('End');
    await waitFor(() => expect(focusedTitle()).toBe('Tax return 2023'));
    press('ArrowDown');
    await settle();
    expect(focusedTitle()).toBe('Tax return 2023');
    press('ArrowUp');
    await waitFor(() => expect(focusedTitle()).toBe('Lisbon trip plan'));
    press('Home');
    await waitFor(() => expect(focusedTitle()).toBe('Rust lifetimes'));
    expect(tabStops()).toEqual(['Rust lifetimes']);
  });

  it('↓ in the search box goes down to the list', async () => {
    await renderSeeded();
    screen.getByTestId('history-search').focus();
    press('ArrowDown');
    expect(focusedTitle()).toBe('Rust lifetimes');
  });

  it('F2 does nothing on a row: it is the recording hotkey, and the menu shows no F2 beside Rename', async () => {
    const { t } = await renderSeeded();
    within(row('Grocery list')).getByTestId('history-open').focus();
    press('F2');
    await settle();
    expect(screen.queryByTestId('history-rename-input')).toBeNull();
    expect(focusedTitle()).toBe('Grocery list');
    const hintId = within(row('Grocery list')).getByTestId('history-open').getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(hintId)?.textContent).toBe(t('history.keysHint'));
    expect(t('history.keysHint')).not.toContain('F2');
    press('F10', { shiftKey: true });
    const rename = within(row('Grocery list')).getByTestId('history-rename');
    expect(rename.textContent).toBe(t('history.rename'));
  });

  it('Rename from the keyboard menu edits the title; Enter saves and gives the focus back to the row', async () => {
    const { api, ids } = await renderSeeded();
    within(row('Grocery list')).getByTestId('history-open').focus();
    press('F10', { shiftKey: true });
    fireEvent.click(within(row('Grocery list')).getByTestId('history-rename'));
    const field = screen.getByTestId('history-rename-input') as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'Weekly groceries' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(focusedTitle()).toBe('Weekly groceries'));
    expect(callsOf(api, 'history:rename')).toEqual([{ id: ids['Grocery list'], title: 'Weekly groceries' }]);
  });

  it('Delete deletes the focused row (Undo offered) and the focus moves to the next row', async () => {
    const { api, ids, t } = await renderSeeded();
    within(row('Grocery list')).getByTestId('history-open').focus();
    press('Delete');
    await waitFor(() => expect(listed()).not.toContain('Grocery list'));
    expect(callsOf(api, 'history:delete')).toEqual([{ ids: [ids['Grocery list']] }]);
    expect(screen.getByTestId('history-undo-bar').textContent).toContain(t('history.deleted', { count: 1 }));
    await waitFor(() => expect(focusedTitle()).toBe('Lisbon trip plan'));
    expect(tabStops()).toEqual(['Lisbon trip plan']);
  });

  it.each([
    ['Shift+F10', { key: 'F10', shiftKey: true }],
    ['the menu key', { key: 'ContextMenu' }],
  ])('%s opens the row menu; Esc closes it and the focus goes back to the row', async (_name, init) => {
    const { t } = await renderSeeded();
    within(row('Grocery list')).getByTestId('history-open').focus();
    press(init.key, init);
    const menu = within(row('Grocery list')).getByRole('menu');
    expect(within(row('Grocery list')).getByTestId('history-menu').getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: new RegExp(t('history.rename')) }));
    fireEvent.keyDown(menu, { key: 'Escape' });
    await settle();
    expect(within(row('Grocery list')).queryByRole('menu')).toBeNull();
    expect(focusedTitle()).toBe('Grocery list');
  });

  it('a right-click opens the same menu', async () => {
    await renderSeeded();
    fireEvent.contextMenu(within(row('Tax return 2023')).getByTestId('history-open'));
    expect(within(row('Tax return 2023')).getByRole('menu')).toBeTruthy();
  });
});
