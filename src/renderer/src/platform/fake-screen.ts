// The hotkey and screenshot channels of the in-memory platform. Hotkeys behave
// as on the browser host (page bindings) unless some are said to be taken by
// another application; a screenshot is a fixed small PNG claiming the fake
// screen's size, or the error the options ask for. Nothing is captured.
import type { AppError } from '@shared/errors';
import type { AppSettings } from '@shared/contract';
import { checkHotkeys, HOTKEY_ACTIONS, type HotkeyBinding } from '@shared/hotkeys/hotkey-settings';
import { fitWithin } from '@shared/screen/fit-within';
import { requestedMaxSide } from '@shared/screen/screen-capture';
import type { FakeHandler } from './fake-handler';

type ScreenChannel = 'hotkeys:status' | 'screen:capture';

/** A 2×2 grey PNG. */
export const FAKE_SCREENSHOT_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAADklEQVR4nGNoAAMGCAUAKg4GARWeQtcAAAAASUVORK5CYII=';

export interface FakeScreenOptions {
  /** the simulated screen (default 2560×1440), or the error every capture answers with */
  screen?: { width: number; height: number } | { error: AppError };
  /** accelerators "another application" holds: with any, hotkeys act as Electron's global ones */
  takenHotkeys?: string[];
}

export function createFakeScreen(deps: { state: { settings: AppSettings }; options: FakeScreenOptions }): {
  [C in ScreenChannel]: FakeHandler<C>;
} {
  return {
    'hotkeys:status': () => {
      const settings = deps.state.settings.hotkeys;
      const { bindings, problems } = checkHotkeys(settings);
      const global = deps.options.takenHotkeys !== undefined;
      return {
        ok: true,
        value: {
          bindings: HOTKEY_ACTIONS.map((action): HotkeyBinding => {
            const parsed = bindings.find((b) => b.action === action);
            if (!parsed)
              return {
                action,
                accelerator: settings[action],
                scope: 'off',
                problem: problems.find((p) => p.action === action) ?? null,
              };
            if (!global) return { action, accelerator: parsed.text, scope: 'page', problem: null };
            if (!deps.options.takenHotkeys?.includes(parsed.text))
              return { action, accelerator: parsed.text, scope: 'global', problem: null };
            return {
              action,
              accelerator: parsed.text,
              scope: 'page',
              problem: { action, code: 'taken', message: `${parsed.text} is taken by another application` },
            };
          }),
        },
      };
    },
    'screen:capture': (input) => {
      const screen = deps.options.screen ?? { width: 2560, height: 1440 };
      if ('error' in screen) return { ok: false, error: screen.error };
      const size = fitWithin(screen, requestedMaxSide(input));
      return {
        ok: true,
        value: { dataUrl: FAKE_SCREENSHOT_URL, ...size, originalWidth: screen.width, originalHeight: screen.height },
      };
    },
  };
}
