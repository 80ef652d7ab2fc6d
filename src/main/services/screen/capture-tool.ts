// The screenshot as it runs inside a tool worker: grab the screen through
// nut-js, shrink it, encode it as PNG, and hand back base64. Never in main's
// event loop: libnut segfaults without an X display, and a 4K grab is ~30 MB of
// pixel work. On Linux DISPLAY is checked before nut-js is even loaded.
import { fitWithin } from '@shared/screen/fit-within';
import { toolError } from '@shared/tools/tool-types';
import { hasDisplay } from '../tools/controller/controller';
import { failed, type ToolOutput } from '../tools/tool-executor';
import { encodePng } from './png-encode';
import { downscaleRgb, toRgb, type RawImage } from './raw-pixels';

/** The worker's name for this job (a ToolRunner "tool" that no model ever sees). */
export const SCREEN_CAPTURE_TOOL = 'screen_capture';

export interface ScreenGrabber {
  grab(): Promise<RawImage>;
}

export interface CaptureToolDeps {
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  loadGrabber: () => Promise<ScreenGrabber>;
}

/** What the worker returns in `details` beside the base64 PNG in `output`. */
export interface CaptureDetails {
  width: number;
  height: number;
  originalWidth: number;
  originalHeight: number;
}

export const NO_DISPLAY_MESSAGE = 'no display: taking a screenshot needs a graphical session, and DISPLAY is not set';

export async function captureScreenTool(args: Record<string, unknown>, deps: CaptureToolDeps): Promise<ToolOutput> {
  const maxSide = args.maxSide;
  if (maxSide !== null && (typeof maxSide !== 'number' || !Number.isInteger(maxSide) || maxSide < 1)) {
    return failed(
      toolError('invalid_arguments', `maxSide must be a positive whole number or null, got ${JSON.stringify(maxSide)}`),
    );
  }
  if (!hasDisplay(deps.platform, deps.env)) return failed(toolError('no_display', NO_DISPLAY_MESSAGE));
  let grabber: ScreenGrabber;
  try {
    grabber = await deps.loadGrabber();
  } catch (error) {
    return failed(
      toolError('no_display', `no display: the screen capture library could not start: ${(error as Error).message}`),
    );
  }
  let image: RawImage;
  try {
    image = await grabber.grab();
  } catch (error) {
    return failed(toolError('io_error', `the screen could not be captured: ${(error as Error).message}`));
  }
  const original = { width: image.width, height: image.height };
  const size = fitWithin(original, maxSide);
  const rgb = downscaleRgb(toRgb(image), image.width, image.height, size.width, size.height);
  const png = encodePng(rgb, size.width, size.height);
  const details: CaptureDetails = {
    width: size.width,
    height: size.height,
    originalWidth: original.width,
    originalHeight: original.height,
  };
  return { status: 'ok', output: png.toString('base64'), details: { ...details } };
}
