// `screen:capture` in the core. The browser host captures through the tool
// worker (nut-js never runs in main); Electron passes its own capturer
// (desktopCapturer). Either way a failure is an AppError the renderer can show:
// `no_display` when there is no screen to grab, `capture_failed` otherwise.
import { AppFailure } from '@shared/errors';
import { requestedMaxSide, type ScreenCapture, type ScreenCaptureRequest } from '@shared/screen/screen-capture';
import type { ToolRunResult } from '@shared/tools/tool-types';
import type { ToolRunRequest } from '../tools/tool-runner';
import { SCREEN_CAPTURE_TOOL } from './capture-tool';
import type { AreaModule } from '../area-module';

/** Takes one screenshot whose longest side fits `maxSide` (null: full size). */
export type ScreenCapturer = (maxSide: number | null) => Promise<ScreenCapture>;

export interface ScreenService {
  capture(request: ScreenCaptureRequest): Promise<ScreenCapture>;
}

export function createScreenService(capturer: ScreenCapturer): ScreenService {
  return { capture: (request) => capturer(requestedMaxSide(request)) };
}

/** A grab, shrink and encode of a 4K screen takes well under a second; loading nut-js the first time a little more. */
const CAPTURE_TIMEOUT_MS = 20_000;

/** The capturer that runs in the tool worker, through the runner's pool, time limit and crash handling. */
export function workerScreenCapturer(
  runner: { run(request: ToolRunRequest): Promise<ToolRunResult> },
  timeoutMs = CAPTURE_TIMEOUT_MS,
): ScreenCapturer {
  return async (maxSide) => {
    const result = await runner.run({ tool: SCREEN_CAPTURE_TOOL, args: { maxSide }, workspaceDir: '', timeoutMs });
    if (result.status !== 'ok') throw captureFailure(result);
    const details = result.details ?? {};
    const numbers = ['width', 'height', 'originalWidth', 'originalHeight'].map((key) => details[key]);
    if (
      !numbers.every((n): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0) ||
      result.output === ''
    ) {
      throw new AppFailure('capture_failed', 'the screen capture worker returned no image');
    }
    const [width, height, originalWidth, originalHeight] = numbers as [number, number, number, number];
    return { dataUrl: `data:image/png;base64,${result.output}`, width, height, originalWidth, originalHeight };
  };
}

function captureFailure(result: ToolRunResult): AppFailure {
  const message = result.error?.message ?? `the screenshot ended with status ${result.status}`;
  if (result.error?.code === 'no_display') return new AppFailure('no_display', message);
  // libnut aborts the whole worker when DISPLAY names a server that is not there.
  if (result.error?.code === 'worker_crashed' && /display/i.test(message)) {
    return new AppFailure(
      'no_display',
      `no display: the X display could not be opened (${message})`,
      result.error.details,
    );
  }
  return new AppFailure('capture_failed', `the screenshot failed: ${message}`, result.error?.details);
}

/** The screen area: `screen:capture` through the host's capturer, or the tool worker's where the host has none. */
export function openScreen(capturer: ScreenCapturer): AreaModule<'screen:capture'> {
  const screen = createScreenService(capturer);
  return { handlers: { 'screen:capture': async (input) => screen.capture(input) }, dispose() {} };
}
