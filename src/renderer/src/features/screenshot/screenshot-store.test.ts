import { describe, expect, it } from 'vitest';
import type { Rect } from '@shared/screen/fit-within';
import { createStore } from 'zustand/vanilla';
import { createMemoryPlatform, type MemoryPlatformOptions } from '../../platform/memory-platform';
import type { Draft } from '../chat/chat-store';
import { createScreenshotStore, screenshotName, type CropImage, type ScreenshotNotice } from './screenshot-store';

function setup(options: MemoryPlatformOptions = {}, props: { vision: boolean; audio: boolean } | null = null) {
  const api = createMemoryPlatform(options);
  const draft = createStore<Draft>()(() => ({ text: 'what is this?', attachments: [] }));
  const crops: Rect[] = [];
  // The page's canvas cannot run here; this stand-in returns the size a real crop would have.
  const crop: CropImage = async (dataUrl, rect, maxSide) => {
    crops.push(rect);
    const scale = Math.min(1, maxSide / Math.max(rect.width, rect.height));
    return { dataUrl, width: Math.round(rect.width * scale), height: Math.round(rect.height * scale) };
  };
  let id = 0;
  const store = createScreenshotStore({
    api,
    draft,
    knownProps: () => props,
    crop,
    newId: () => `a${++id}`,
    now: () => new Date(2026, 0, 31, 14, 5, 9),
  });
  const notices: ScreenshotNotice[] = [];
  const notify = (notice: ScreenshotNotice) => void notices.push(notice);
  return { api, draft, store, notices, notify, crops };
}

describe('screenshot store', () => {
  it('F1 attaches the downscaled screen to the draft, with the original size, keeping the text', async () => {
    const { api, draft, store, notices, notify } = setup({ screen: { width: 2560, height: 1440 } });
    await store.take(false, notify);
    expect(notices).toEqual([]);
    expect(api.calls.filter((c) => c.channel === 'screen:capture').map((c) => c.input)).toEqual([{}]);
    expect(draft.getState().text).toBe('what is this?');
    expect(draft.getState().attachments).toEqual([
      expect.objectContaining({
        id: 'a1',
        kind: 'image',
        name: 'screenshot-2026-01-31-140509.png',
        image: { width: 1920, height: 1080, originalWidth: 2560, originalHeight: 1440 },
      }),
    ]);
    expect(store.state.getState()).toEqual({ phase: 'idle' });
  });

  it('a model without vision gets a notice and nothing is captured', async () => {
    const { api, draft, store, notices, notify } = setup({}, { vision: false, audio: false });
    await store.take(false, notify);
    expect(notices).toEqual([{ level: 'warning', code: 'screenshot_no_vision', key: 'screenshot.noVision' }]);
    expect(api.calls.some((c) => c.channel === 'screen:capture')).toBe(false);
    expect(draft.getState().attachments).toEqual([]);
  });

  it('"no display" becomes its own notice with the core’s reason', async () => {
    const error = {
      code: 'no_display' as const,
      message: 'no display: taking a screenshot needs a graphical session, and DISPLAY is not set',
    };
    const { draft, store, notices, notify } = setup({ screen: { error } }, { vision: true, audio: false });
    await store.take(true, notify);
    expect(notices).toEqual([
      { level: 'error', code: 'no_display', key: 'screenshot.noDisplay', vars: { message: error.message } },
    ]);
    expect(draft.getState().attachments).toEqual([]);
    expect(store.state.getState()).toEqual({ phase: 'idle' });
  });

  it('Shift+F1 captures at full size, waits for a region, then attaches the crop with the region’s size as original', async () => {
    const { api, draft, store, notify, crops } = setup({ screen: { width: 3840, height: 2160 } });
    await store.take(true, notify);
    expect(api.calls.filter((c) => c.channel === 'screen:capture').map((c) => c.input)).toEqual([{ maxSide: null }]);
    expect(store.state.getState()).toMatchObject({ phase: 'picking', capture: { width: 3840, height: 2160 } });
    await store.take(false, notify); // ignored while picking
    await store.pick({ x: 100, y: 200, width: 2400, height: 600 }, notify);
    expect(crops).toEqual([{ x: 100, y: 200, width: 2400, height: 600 }]);
    expect(draft.getState().attachments.map((a) => a.image)).toEqual([
      { width: 1920, height: 480, originalWidth: 2400, originalHeight: 600 },
    ]);
    expect(store.state.getState()).toEqual({ phase: 'idle' });
  });

  it('the whole screen from the picker, and cancel', async () => {
    const { draft, store, notify, crops } = setup({ screen: { width: 1280, height: 800 } });
    await store.take(true, notify);
    await store.pick(null, notify);
    expect(crops).toEqual([{ x: 0, y: 0, width: 1280, height: 800 }]);
    expect(draft.getState().attachments[0]?.image).toEqual({
      width: 1280,
      height: 800,
      originalWidth: 1280,
      originalHeight: 800,
    });
    await store.take(true, notify);
    store.cancel();
    expect(store.state.getState()).toEqual({ phase: 'idle' });
    expect(draft.getState().attachments).toHaveLength(1);
  });

  it('names files by local time', () => {
    expect(screenshotName(new Date(2026, 10, 3, 9, 7, 5))).toBe('screenshot-2026-11-03-090705.png');
  });
});
