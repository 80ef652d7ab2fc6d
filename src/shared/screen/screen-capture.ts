// `screen:capture`: the whole screen as a PNG data URL, downscaled so the
// longest side fits `maxSide`, with the screen's own size kept beside it.
import { z } from 'zod';

/** Longest side of a screenshot sent to a model: 1080p screens stay pixel-exact, 4K ones are halved. */
export const SCREENSHOT_MAX_SIDE = 1920;

/**
 * Input of `screen:capture`. `maxSide: null` returns the screen at full size (for the region picker, which crops
 * first).
 */
export const ScreenCaptureRequestSchema = z
  .object({ maxSide: z.number().int().min(16).max(16_384).nullable() })
  .partial()
  .strict()
  .optional();
export type ScreenCaptureRequest = z.input<typeof ScreenCaptureRequestSchema>;

/** A screenshot: PNG bytes as a data URL and the size before downscaling. */
export interface ScreenCapture {
  /** data:image/png;base64,… */
  dataUrl: string;
  width: number;
  height: number;
  originalWidth: number;
  originalHeight: number;
}

/** The `maxSide` a request asks for: the default when it says nothing. */
export function requestedMaxSide(request: ScreenCaptureRequest): number | null {
  return request?.maxSide === undefined ? SCREENSHOT_MAX_SIDE : request.maxSide;
}
