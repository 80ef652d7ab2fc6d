import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { createSidebarModel, NARROW_QUERY, sidebarMode, type SidebarMode, type SidebarModel } from './sidebar-store';

const SidebarContext = createContext<SidebarModel | null>(null);

/** The id of the history sidebar, for the button that shows and hides it. */
export const HISTORY_SIDEBAR_ID = 'history-sidebar';

/** Gives the top bar's button and the home page one sidebar model; built from this window's storage and width. */
export function SidebarProvider({ children, model: given }: { children: ReactNode; model?: SidebarModel }) {
  const [model] = useState(
    () =>
      given ??
      createSidebarModel({
        storage: typeof localStorage === 'undefined' ? null : localStorage,
        width: typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY) : null,
      }),
  );
  useEffect(() => model.start(), [model]);
  return <SidebarContext.Provider value={model}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): { model: SidebarModel; mode: SidebarMode } {
  const model = useContext(SidebarContext);
  if (!model) throw new Error('useSidebar needs a SidebarProvider above it');
  return { model, mode: useStore(model.store, sidebarMode) };
}
