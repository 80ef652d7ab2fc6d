// @vitest-environment jsdom
// The history sidebar over the memory platform's fake history: date groups, search,
// rename, delete and its undo, each checked in the DOM and in the calls sent to the core.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

/** Four conversations last changed at different times (the fake stamps them with the platform's clock), one of them pinned. */
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
    el.classList.contains('history-group') ? `# ${el.textContent}` : `${within(el).getByTestId('history-open').getAttribute('title')}`,
  );
}

const row = (title: string): HTMLElement => {
  const found = screen.getAllByTestId('history-item').find((el) => within(el).getByTestId('history-open').getAttribute('title') === title);
  if (!found) throw new Error(`no history row titled ${title}: ${listed().join(' | ')}`);
  return found;
};

/** A row's action, through its ⋯ menu as a user reaches it. */
function choose(title: string, item: 'history.rename' | 'history.delete', t: Translate): void {
  fireEvent.click(within(row(title)).getByTestId('history-menu'));
  fireEvent.click(within(row(title)).getByRole('menuitem', { name: t(item) }));
}

const callsOf = <C extends 'history:rename' | 'history:delete' | 'history:undo-delete'>(api: MemoryPlatform, channel: C) => api.calls.filter((c) => c.channel === channel).map((c) => c.input as InvokeInput<C>);

describe('HistorySidebar', () => {
  it('lists conversations under date headers: pinned first, then today, yesterday, older', async () => {
    await renderSeeded();
    expect(listed()).toEqual(['# Pinned', 'Rust lifetimes', '# Today', 'Grocery list', '# Yesterday', 'Lisbon trip plan', '# Older', 'Tax return 2023']);
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
    expect(hits.map((hit) => hit.querySelector('.history-title')?.textContent).sort()).toEqual(['Grocery list', 'Lisbon trip plan']);
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
    await waitFor(() => expect(listed()).toEqual(['# Pinned', 'Rust lifetimes', '# Today', 'Grocery list', '# Yesterday', 'Lisbon trip plan', '# Older', 'Tax return 2023']));
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
