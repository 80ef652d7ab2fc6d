// The history sidebar over the real core's history area (test-support/core-platform.ts: openHistory on a temp dir),
// seeded with four conversations of different ages, and how its tests read and drive the list as a user does.
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { InvokeInput } from '@shared/contract';
import { toExportJson } from '@shared/history/transfer';
import type { ConversationMeta } from '@shared/history/types';
import type { MemoryPlatform } from '@renderer/platform/memory-platform';
import type { Translate } from '@renderer/i18n';
import { HistorySidebar } from '@renderer/features/history/HistorySidebar';
import { closeCorePlatforms, openCorePlatform, type CorePlatform } from '@test-support/core-platform';
import { cleanupApps, renderWithApp, type RenderAppOptions } from './render-app';

const DAY_MS = 86_400_000;

function startOfToday(): number {
  const date = new Date();
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

let core: CorePlatform | null = null;

/** Waits until the core has answered every call (files take more than a turn) and React has shown the answers. */
export const settle = (): Promise<void> => act(() => core?.settle() ?? Promise.resolve());

/** Renders `ui` (the sidebar by default) on a fresh core platform; `before` seeds it through the core's calls. */
export async function renderOnCore(
  ui: ReactElement = <HistorySidebar />,
  options: Omit<RenderAppOptions, 'platform' | 'platformInstance'> = {},
) {
  core = await openCorePlatform();
  const app = await renderWithApp(ui, { ...options, platformInstance: core });
  await settle();
  return { ...app, api: core };
}

/** For afterEach: unmounts, stops the models, then stops the core's areas and removes their files. */
export async function cleanupOnCore(): Promise<void> {
  cleanupApps();
  core = null;
  await closeCorePlatforms();
}

const created = async (api: MemoryPlatform, title: string): Promise<ConversationMeta> => {
  const answer = await api.invoke('history:create', { title });
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value;
};

/**
 * Four conversations, one of them pinned: two made now, two older ones brought in as a user does, by importing an
 * export that kept their dates (the core stamps what it creates with its own clock).
 */
export async function renderSeeded() {
  const ids: Record<string, string> = {};
  const app = await renderOnCore(<HistorySidebar />, {
    before: async ({ api }) => {
      const template = await created(api, 'Grocery list');
      ids['Grocery list'] = template.id;
      const older = (title: string, at: number) => ({
        meta: { ...template, title, createdAt: at, updatedAt: at },
        messages: [],
      });
      const file = toExportJson(
        [older('Tax return 2023', Date.now() - 90 * DAY_MS), older('Lisbon trip plan', startOfToday() - 3_600_000)],
        Date.now(),
      );
      const imported = await api.invoke('history:import', { text: file });
      if (!imported.ok) throw new Error(imported.error.message);
      for (const meta of imported.value.created) ids[meta.title] = meta.id;
      ids['Rust lifetimes'] = (await created(api, 'Rust lifetimes')).id;
      await api.invoke('history:pin', { id: ids['Rust lifetimes'], pinned: true });
    },
  });
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
