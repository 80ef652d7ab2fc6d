// Component tests' harness: the whole AppModel built on the in-memory platform (or on
// one the test opened, a core platform), as main.tsx builds it on a real bridge, and a
// component rendered inside the two providers App.tsx gives every page
// (AppModelContext, I18nContext). Tests reach the app only through the DOM, the
// model's public actions and `api.calls`.
import { act, cleanup, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AppModelContext, createAppModel, type AppModel } from '@renderer/app-model';
import { createTranslator, I18nContext, type Translate, type UiLanguage } from '@renderer/i18n';
import type { Timers } from '@renderer/lib/timers';
import {
  createMemoryPlatform,
  type MemoryPlatform,
  type MemoryPlatformOptions,
} from '@renderer/platform/memory-platform';

export interface RenderedApp extends RenderResult {
  api: MemoryPlatform;
  model: AppModel;
  /** the translator the page uses, so a test finds a label without copying its text */
  t: Translate;
}

export interface RenderAppOptions {
  /** options of the fresh memory platform the app is built on */
  platform?: MemoryPlatformOptions;
  /** a platform the test opened itself (a core platform), used as it is and closed by the test; not with `platform` */
  platformInstance?: MemoryPlatform;
  language?: UiLanguage;
  /** runs on the started model before the first render (load a model, seed history…) */
  before?: (app: { api: MemoryPlatform; model: AppModel }) => Promise<void>;
}

const stops: Array<() => void> = [];

/** Lets promise chains and zero-delay timers of the platform and the stores run. */
export const settle = (): Promise<void> => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

/** Loads `modelPath` on the memory platform, as the load dialog's submit would, and waits until it is ready. */
export async function loadModel(api: MemoryPlatform, modelPath = '/models/qwen.gguf'): Promise<void> {
  const result = await api.invoke('backend:load', { ...api.state.settings.load, modelPath });
  if (!result.ok) throw new Error(`memory platform refused the load: ${result.error.message}`);
}

/** The memory platform's clock, moved by hand: `tick()` runs what is due now (one streamed batch, one agent step). */
export function manualTimers(): { timers: Timers; tick: () => Promise<void> } {
  const queue = new Map<number, () => void>();
  let next = 0;
  const timers: Timers = {
    setTimeout: (callback) => {
      queue.set(++next, callback);
      return next;
    },
    clearTimeout: (handle) => void queue.delete(handle as number),
  };
  const tick = async (): Promise<void> => {
    const due = [...queue.values()];
    queue.clear();
    await act(async () => {
      for (const callback of due) callback();
    });
    await settle();
  };
  return { timers, tick };
}

export async function renderWithApp(ui: ReactElement, options: RenderAppOptions = {}): Promise<RenderedApp> {
  installBrowserStandIns();
  // A given platform was built with its own options: ones passed beside it would be silently unused.
  if (options.platformInstance && options.platform) throw new Error('renderWithApp: give platform or platformInstance');
  const api = options.platformInstance ?? createMemoryPlatform(options.platform);
  const model = createAppModel(api);
  // What App.tsx's first effect does: subscribe to the core's events and fetch settings.
  stops.push(model.start());
  await settle();
  await options.before?.({ api, model });
  await settle();
  const language = options.language ?? 'en';
  const t = createTranslator(language);
  const rendered = render(
    <AppModelContext.Provider value={model}>
      <I18nContext.Provider value={{ language, t }}>{ui}</I18nContext.Provider>
    </AppModelContext.Provider>,
  );
  await settle();
  return { ...rendered, api, model, t };
}

/**
 * Unmounts what renderWithApp rendered and stops its models; call it in afterEach (vitest runs without globals here, so
 * Testing Library cannot register it).
 */
export function cleanupApps(): void {
  cleanup();
  for (const stop of stops.splice(0)) stop();
  // Drafts, the last open conversation and the sidebar state live in localStorage: one test's must not reach the next.
  if (typeof localStorage !== 'undefined') localStorage.clear();
}

const VIEWPORT = { width: 1000, height: 800 };

/** Only what the rendered views call and jsdom lacks is stood in for. */
function installBrowserStandIns(): void {
  // jsdom lays nothing out: every box is 0×0, and the virtualised lists (chat, history) render no
  // row into a viewport of height 0. Every element reports a fixed client box instead; rows still
  // measure 0 px tall (offsetHeight), so the whole of a test's short list renders.
  if (document.body.clientHeight !== VIEWPORT.height) {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => VIEWPORT.height });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => VIEWPORT.width });
  }
  // The load dialog scrolls a failed load's error into view; jsdom implements no scrolling.
  if (typeof Element.prototype.scrollIntoView !== 'function') Element.prototype.scrollIntoView = () => {};
}
