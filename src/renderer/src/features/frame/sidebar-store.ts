// Whether the history sidebar shows, and how: docked beside the chat on a wide window
// (hidden when the user collapsed it, which is remembered), or, below 900 px, hidden
// until asked for and then laid over the chat. The rules are pure; the model wires them
// to storage and the media query, both passed in.
import { createStore, type StoreApi } from 'zustand/vanilla';

/** Below this width the sidebar starts hidden and opens as an overlay. */
export const NARROW_QUERY = '(max-width: 899px)';
export const COLLAPSED_STORAGE_KEY = 'eva.history-sidebar.collapsed';

export type SidebarMode = 'docked' | 'hidden' | 'overlay';

export interface SidebarState {
  /** the user's choice on a wide window */
  collapsed: boolean;
  narrow: boolean;
  /** on a narrow window: the overlay is open */
  overlayOpen: boolean;
}

export function sidebarMode(state: SidebarState): SidebarMode {
  if (state.narrow) return state.overlayOpen ? 'overlay' : 'hidden';
  return state.collapsed ? 'hidden' : 'docked';
}

/**
 * The button and Ctrl+B: on a wide window they fold the docked list, on a narrow one they open or close the overlay.
 */
export function toggled(state: SidebarState): SidebarState {
  return state.narrow ? { ...state, overlayOpen: !state.overlayOpen } : { ...state, collapsed: !state.collapsed };
}

/** The window got narrower or wider: an open overlay does not survive as a docked list, nor the other way round. */
export function resized(state: SidebarState, narrow: boolean): SidebarState {
  return narrow === state.narrow ? state : { ...state, narrow, overlayOpen: false };
}

/** The part of a MediaQueryList this uses. */
export interface WidthQuery {
  matches: boolean;
  addEventListener(type: 'change', listener: (event: { matches: boolean }) => void): void;
  removeEventListener(type: 'change', listener: (event: { matches: boolean }) => void): void;
}

export interface SidebarModel {
  store: StoreApi<SidebarState>;
  toggle(): void;
  /** closes the overlay (a narrow window); a docked list stays */
  closeOverlay(): void;
  /** follows the window's width until the returned stop is called */
  start(): () => void;
}

export function createSidebarModel(deps: {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  width: WidthQuery | null;
}): SidebarModel {
  const read = (): boolean => {
    try {
      return deps.storage?.getItem(COLLAPSED_STORAGE_KEY) === 'true';
    } catch {
      return false;
    }
  };
  const store = createStore<SidebarState>()(() => ({
    collapsed: read(),
    narrow: deps.width?.matches ?? false,
    overlayOpen: false,
  }));
  return {
    store,
    toggle() {
      const next = toggled(store.getState());
      store.setState(next, true);
      try {
        deps.storage?.setItem(COLLAPSED_STORAGE_KEY, String(next.collapsed));
      } catch {
        // Private mode or a full quota: the choice lasts for this session only.
      }
    },
    closeOverlay() {
      store.setState({ overlayOpen: false });
    },
    start() {
      const width = deps.width;
      if (!width) return () => {};
      const onChange = (event: { matches: boolean }): void =>
        store.setState(resized(store.getState(), event.matches), true);
      onChange(width);
      width.addEventListener('change', onChange);
      return () => width.removeEventListener('change', onChange);
    },
  };
}
