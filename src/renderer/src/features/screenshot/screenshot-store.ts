// F1 / Shift+F1: take a screenshot through the core and put it in the chat
// draft as an image attachment. A region shot captures the full-size screen
// first, lets the user pick on it, then crops and downscales in the page.
// A model that cannot see images gets a notice instead, before anything is captured.
import type { ServerProps } from '@shared/contract';
import { fitWithin, type Rect } from '@shared/screen/fit-within';
import { SCREENSHOT_MAX_SIDE, type ScreenCapture } from '@shared/screen/screen-capture';
import type { MessageKey, MessageVars } from '../../i18n';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { EvaApi } from '../../platform/types';
import { attachVerdict, dataUrlPayload, type Attachment } from '../chat/attachments';
import type { Draft } from '../chat/chat-store';

export type ScreenshotState =
  { phase: 'idle' } | { phase: 'capturing'; region: boolean } | { phase: 'picking'; capture: ScreenCapture };

/** A notice for the user, in message keys so it follows the UI language. */
export interface ScreenshotNotice {
  level: 'warning' | 'error';
  code: string;
  key: MessageKey;
  vars?: MessageVars;
}

/**
 * Crop a PNG data URL to `rect` and shrink it to fit `maxSide` (the page's canvas; injected so the logic runs in
 * tests).
 */
export type CropImage = (
  dataUrl: string,
  rect: Rect,
  maxSide: number,
) => Promise<{ dataUrl: string; width: number; height: number }>;

export interface ScreenshotDeps {
  api: EvaApi;
  draft: StoreApi<Draft>;
  /** what the model takes, when known (the local server); null lets the endpoint decide */
  knownProps: () => Pick<ServerProps, 'vision' | 'audio'> | null;
  crop: CropImage;
  newId: () => string;
  now?: () => Date;
}

/** Shows a notice; passed per call so it is worded in the UI language of that moment. */
export type Notify = (notice: ScreenshotNotice) => void;

export interface ScreenshotStore {
  state: StoreApi<ScreenshotState>;
  /**
   * F1 (whole screen) or Shift+F1 (region); ignored while one is under way. What goes wrong is told through `notify`.
   */
  take(region: boolean, notify: Notify): Promise<void>;
  /** the region picked on the capture; null takes the whole screen */
  pick(rect: Rect | null, notify: Notify): Promise<void>;
  cancel(): void;
}

/** screenshot-2026-01-31-142530.png */
export function screenshotName(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `screenshot-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}.png`;
}

export function createScreenshotStore(deps: ScreenshotDeps): ScreenshotStore {
  const state = createStore<ScreenshotState>()(() => ({ phase: 'idle' }));
  const now = deps.now ?? (() => new Date());
  const probe = (size: number) => attachVerdict({ name: 'screenshot.png', type: 'image/png', size }, deps.knownProps());

  const attach = (shot: ScreenCapture, notify: Notify): void => {
    const size = Math.floor((dataUrlPayload(shot.dataUrl).length * 3) / 4);
    if (probe(size) === 'too_large') {
      notify({ level: 'warning', code: 'screenshot_too_large', key: 'screenshot.tooLarge' });
      return;
    }
    const attachment: Attachment = {
      id: deps.newId(),
      kind: 'image',
      name: screenshotName(now()),
      dataUrl: shot.dataUrl,
      format: '',
      size,
      image: {
        width: shot.width,
        height: shot.height,
        originalWidth: shot.originalWidth,
        originalHeight: shot.originalHeight,
      },
    };
    deps.draft.setState((draft) => ({ ...draft, attachments: [...draft.attachments, attachment] }), true);
  };

  return {
    state,
    async take(region, notify) {
      if (state.getState().phase !== 'idle') return;
      if (probe(0) === 'no_vision') {
        notify({ level: 'warning', code: 'screenshot_no_vision', key: 'screenshot.noVision' });
        return;
      }
      state.setState({ phase: 'capturing', region }, true);
      const result = await deps.api.invoke('screen:capture', region ? { maxSide: null } : {});
      if (!result.ok) {
        state.setState({ phase: 'idle' }, true);
        const noDisplay = result.error.code === 'no_display';
        notify({
          level: 'error',
          code: result.error.code,
          key: noDisplay ? 'screenshot.noDisplay' : 'screenshot.failed',
          vars: { message: result.error.message },
        });
        return;
      }
      if (region) {
        state.setState({ phase: 'picking', capture: result.value }, true);
        return;
      }
      state.setState({ phase: 'idle' }, true);
      attach(result.value, notify);
    },
    async pick(rect, notify) {
      const current = state.getState();
      if (current.phase !== 'picking') return;
      const { capture } = current;
      const area = rect ?? { x: 0, y: 0, width: capture.width, height: capture.height };
      state.setState({ phase: 'idle' }, true);
      try {
        const cropped = await deps.crop(capture.dataUrl, area, SCREENSHOT_MAX_SIDE);
        const expected = fitWithin(area, SCREENSHOT_MAX_SIDE);
        if (cropped.width !== expected.width || cropped.height !== expected.height)
          throw new Error(
            `cropped to ${cropped.width}×${cropped.height}, expected ${expected.width}×${expected.height}`,
          );
        // The "original" of a region is its size in screen pixels, before downscaling.
        attach(
          {
            dataUrl: cropped.dataUrl,
            width: cropped.width,
            height: cropped.height,
            originalWidth: area.width,
            originalHeight: area.height,
          },
          notify,
        );
      } catch (error) {
        notify({
          level: 'error',
          code: 'capture_failed',
          key: 'screenshot.failed',
          vars: { message: (error as Error).message },
        });
      }
    },
    cancel: () => {
      if (state.getState().phase === 'picking') state.setState({ phase: 'idle' }, true);
    },
  };
}
