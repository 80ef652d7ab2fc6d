// What the first screen does not show: the pages beside the chat and the settings panels, each fetched the first time
// it opens, or once the page is idle after the first screen. The first load carries the chat alone, so the user can
// type at once.
import { createElement, lazy, useState, type ComponentType } from 'react';
import type { View } from './app-model';
import { HomeView } from './features/frame/HomeView';
import { loadMarkdownPipeline } from './features/chat/markdown-loader';

type Page = ComponentType;

interface LaterView {
  View: Page;
  fetch: () => Promise<Page>;
}

/**
 * A view fetched on first use. Once fetched (ahead, in idle time) it renders at once; React.lazy alone would still
 * suspend on its first render and show the fallback for a moment. Which of the two a mount renders is chosen once,
 * so a page opened while it was on its way is not mounted again when it arrives.
 */
function later(load: () => Promise<Page>): LaterView {
  let loaded: Page | null = null;
  const fetch = (): Promise<Page> =>
    load().then((page) => {
      loaded = page;
      return page;
    });
  const Lazy = lazy(async () => ({ default: await fetch() }));
  function View() {
    const [chosen] = useState<Page>(() => loaded ?? Lazy);
    return createElement(chosen);
  }
  return { View, fetch };
}

const LATER_PAGES: Record<Exclude<View, 'home'>, LaterView> = {
  log: later(() => import('./features/log/LogView').then((module) => module.LogView)),
  mcp: later(() => import('./features/mcp/McpView').then((module) => module.McpView)),
  knowledge: later(() => import('./features/knowledge/KnowledgeView').then((module) => module.KnowledgeView)),
  'model-info': later(() => import('./features/model-info/ModelInfoView').then((module) => module.ModelInfoView)),
  workshop: later(() => import('./features/workshop/WorkshopView').then((module) => module.WorkshopView)),
  images: later(() => import('./features/images/ImagesView').then((module) => module.ImagesView)),
  compare: later(() => import('./features/compare/CompareView').then((module) => module.CompareView)),
  'local-api': later(() => import('./features/local-api/LocalApiView').then((module) => module.LocalApiView)),
  about: later(() => import('./features/about/AboutView').then((module) => module.AboutView)),
  settings: later(() => import('./features/settings/SettingsPage').then((module) => module.SettingsPage)),
};

const LATER_PANELS = {
  tools: later(() => import('./features/tools/ToolsPanel').then((module) => module.ToolsPanel)),
  hotkeys: later(() => import('./features/hotkeys/HotkeysPanel').then((module) => module.HotkeysPanel)),
  voice: later(() => import('./features/voice/VoicePanel').then((module) => module.VoicePanel)),
  load: later(() => import('./features/load/LoadDialog').then((module) => module.LoadDialog)),
};

export const PAGES: Record<View, Page> = {
  home: HomeView,
  log: LATER_PAGES.log.View,
  mcp: LATER_PAGES.mcp.View,
  knowledge: LATER_PAGES.knowledge.View,
  'model-info': LATER_PAGES['model-info'].View,
  workshop: LATER_PAGES.workshop.View,
  images: LATER_PAGES.images.View,
  compare: LATER_PAGES.compare.View,
  'local-api': LATER_PAGES['local-api'].View,
  about: LATER_PAGES.about.View,
  settings: LATER_PAGES.settings.View,
};

/** The side panels and dialogs App.tsx mounts while they are open. */
export const PANELS: Record<keyof typeof LATER_PANELS, Page> = {
  tools: LATER_PANELS.tools.View,
  hotkeys: LATER_PANELS.hotkeys.View,
  voice: LATER_PANELS.voice.View,
  load: LATER_PANELS.load.View,
};

/**
 * Fetches the other pages, the panels and the markdown pipeline when the browser is next idle; returns the cancel.
 * Where there is no idle callback (jsdom) nothing is fetched ahead: each part still comes on first use. A fetch that
 * fails here is left to that first use, which shows its failure (PageFrame.tsx) or keeps the answer as plain text.
 */
export function preloadWhenIdle(): () => void {
  if (typeof requestIdleCallback !== 'function') return () => undefined;
  const handle = requestIdleCallback(() => {
    const views = [...Object.values(LATER_PAGES), ...Object.values(LATER_PANELS)];
    // Dropped on purpose: the part's first use meets the same failure and shows it, or keeps the text plain.
    for (const fetch of [...views.map((view) => view.fetch), loadMarkdownPipeline]) fetch().catch(() => undefined);
  });
  return () => cancelIdleCallback(handle);
}
