// The history sidebar over the memory platform's fake history, seeded with four conversations of different ages,
// and how its tests read and drive the list as a user does.
import { fireEvent, screen, within } from '@testing-library/react';
import type { InvokeInput } from '@shared/contract';
import type { MemoryPlatform } from '@renderer/platform/memory-platform';
import type { Translate } from '@renderer/i18n';
import { HistorySidebar } from '@renderer/features/history/HistorySidebar';
import { renderWithApp, settle } from './render-app';

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
export async function renderSeeded() {
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
export function listed(): string[] {
  const list = screen.getByTestId('history-list');
  return [...list.querySelectorAll<HTMLElement>('.history-group, [data-testid="history-item"]')].map((el) =>
    el.classList.contains('history-group')
      ? `# ${el.textContent}`
      : `${within(el).getByTestId('history-open').getAttribute('title')}`,
  );
}

export const row = (title: string): HTMLElement => {
  const found = screen
    .getAllByTestId('history-item')
    .find((el) => within(el).getByTestId('history-open').getAttribute('title') === title);
  if (!found) throw new Error(`no history row titled ${title}: ${listed().join(' | ')}`);
  return found;
};

/** A row's action, through its ⋯ menu as a user reaches it. */
export function choose(title: string, item: 'history.rename' | 'history.delete', t: Translate): void {
  fireEvent.click(within(row(title)).getByTestId('history-menu'));
  fireEvent.click(within(row(title)).getByRole('menuitem', { name: t(item) }));
}

export const callsOf = <C extends 'history:rename' | 'history:delete' | 'history:undo-delete'>(
  api: MemoryPlatform,
  channel: C,
) => api.calls.filter((c) => c.channel === channel).map((c) => c.input as InvokeInput<C>);
