import { describe, expect, it } from 'vitest';
import {
  COLLAPSED_STORAGE_KEY,
  createSidebarModel,
  resized,
  sidebarMode,
  toggled,
  type SidebarState,
  type WidthQuery,
} from './sidebar-store';

const wide: SidebarState = { collapsed: false, narrow: false, overlayOpen: false };

/** A window width the test moves by hand. */
function fakeWidth(narrow: boolean): WidthQuery & { set(narrow: boolean): void } {
  const listeners = new Set<(event: { matches: boolean }) => void>();
  const query = {
    matches: narrow,
    addEventListener: (_type: 'change', listener: (event: { matches: boolean }) => void) =>
      void listeners.add(listener),
    removeEventListener: (_type: 'change', listener: (event: { matches: boolean }) => void) =>
      void listeners.delete(listener),
    set(next: boolean) {
      query.matches = next;
      for (const listener of listeners) listener({ matches: next });
    },
  };
  return query;
}

function memoryStorage(
  initial: Record<string, string> = {},
): Pick<Storage, 'getItem' | 'setItem'> & { items: Record<string, string> } {
  const items = { ...initial };
  return { items, getItem: (key) => items[key] ?? null, setItem: (key, value) => void (items[key] = value) };
}

describe('sidebar rules', () => {
  it('a wide window docks the list unless the user collapsed it', () => {
    expect(sidebarMode(wide)).toBe('docked');
    expect(sidebarMode(toggled(wide))).toBe('hidden');
    expect(sidebarMode(toggled(toggled(wide)))).toBe('docked');
  });
  it('a narrow window hides it until asked, then lays it over the chat, whatever was chosen on a wide one', () => {
    const narrow = { ...wide, narrow: true };
    expect(sidebarMode(narrow)).toBe('hidden');
    expect(sidebarMode(toggled(narrow))).toBe('overlay');
    expect(toggled(narrow).collapsed).toBe(false);
  });
  it('resizing closes an open overlay and keeps the wide choice', () => {
    const open = { collapsed: true, narrow: true, overlayOpen: true };
    expect(resized(open, false)).toEqual({ collapsed: true, narrow: false, overlayOpen: false });
    expect(resized(open, true)).toBe(open);
  });
});

describe('createSidebarModel', () => {
  it('remembers a collapse in storage and starts from it', () => {
    const storage = memoryStorage();
    const first = createSidebarModel({ storage, width: fakeWidth(false) });
    first.toggle();
    expect(storage.items[COLLAPSED_STORAGE_KEY]).toBe('true');
    expect(sidebarMode(createSidebarModel({ storage, width: fakeWidth(false) }).store.getState())).toBe('hidden');
  });
  it('follows the window width once started, and stops following when stopped', () => {
    const width = fakeWidth(false);
    const model = createSidebarModel({ storage: memoryStorage(), width });
    const stop = model.start();
    width.set(true);
    expect(sidebarMode(model.store.getState())).toBe('hidden');
    model.toggle();
    expect(sidebarMode(model.store.getState())).toBe('overlay');
    model.closeOverlay();
    expect(sidebarMode(model.store.getState())).toBe('hidden');
    stop();
    width.set(false);
    expect(model.store.getState().narrow).toBe(true);
  });
  it('works without storage (it throws in some private modes)', () => {
    const denied = (): never => {
      throw new Error('denied');
    };
    const storage = { getItem: denied, setItem: denied };
    const model = createSidebarModel({ storage, width: null });
    model.toggle();
    expect(sidebarMode(model.store.getState())).toBe('hidden');
  });
});
