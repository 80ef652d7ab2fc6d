// The app frame's own state: which page is shown, and whether the host is reachable.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { useAppModel, type View } from '../../app-model';
import type { ConnectionState } from '../../platform';

export function useView(): [View, (view: View) => void] {
  const { view } = useAppModel();
  return [useStore(view), (next) => view.setState(next, true)];
}

/** The pages of EVA's Expend (增殖) window, in their tab order: one tab in the top bar, a tab strip on the page. */
export const EXPEND_VIEWS = [
  'log',
  'mcp',
  'knowledge',
  'model-info',
  'workshop',
  'images',
  'compare',
  'local-api',
] as const satisfies readonly View[];
export type ExpendView = (typeof EXPEND_VIEWS)[number];

export function isExpendView(view: View): view is ExpendView {
  return (EXPEND_VIEWS as readonly View[]).includes(view);
}

/** Electron has no socket to lose. */
export const ALWAYS_OPEN = createStore<ConnectionState>()(() => 'open');

/** 'open' on Electron, where there is no socket to lose. */
export function useConnectionState(): ConnectionState {
  return useStore(useAppModel().connection ?? ALWAYS_OPEN);
}
