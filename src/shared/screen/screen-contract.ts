// The screen's part of the contract: a screenshot for the chat (F1).
import { channel } from '../contract-parts';
import { ScreenCaptureRequestSchema, type ScreenCapture } from './screen-capture';

export const screenChannels = {
  /** A screenshot of the whole screen as PNG, downscaled to `maxSide` (default 1920; null: full size). */
  'screen:capture': channel<typeof ScreenCaptureRequestSchema, ScreenCapture>(ScreenCaptureRequestSchema),
} as const;
