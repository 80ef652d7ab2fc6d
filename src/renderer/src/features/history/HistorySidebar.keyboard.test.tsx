// @vitest-environment jsdom
// The history sidebar on the keyboard, over the real core's history area: one Tab stop for
// the whole list (roving tabindex), arrows between rows, and the row menu's actions without a mouse.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsOf, cleanupOnCore, listed, renderSeeded, row, settle } from '@renderer/test-support/history-sidebar';

afterEach(cleanupOnCore);

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
    expect(screen.getByTestId('history-undo-bar').textContent).toContain(
      t('history.deletedOne', { title: 'Grocery list' }),
    );
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
