// Electron's screenshot: the display under the mouse pointer through
// desktopCapturer, at its full pixel size, shrunk with Chromium's resampler and
// encoded as PNG. Same result shape and errors as the worker capturer.
import { desktopCapturer, screen } from 'electron';
import { AppFailure } from '@shared/errors';
import { fitWithin } from '@shared/screen/fit-within';
import type { ScreenCapture } from '@shared/screen/screen-capture';

export async function captureWithDesktopCapturer(maxSide: number | null): Promise<ScreenCapture> {
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    throw new AppFailure(
      'no_display',
      'no display: taking a screenshot needs a graphical session, and neither DISPLAY nor WAYLAND_DISPLAY is set',
    );
  }
  const display = screen.getDisplayNearestPoint(screen.getCursorScreenPoint());
  const pixels = {
    width: Math.round(display.size.width * display.scaleFactor),
    height: Math.round(display.size.height * display.scaleFactor),
  };
  let sources: Electron.DesktopCapturerSource[];
  try {
    sources = await desktopCapturer.getSources({ types: ['screen'], thumbnailSize: pixels });
  } catch (error) {
    throw new AppFailure('capture_failed', `the screen could not be captured: ${(error as Error).message}`);
  }
  // display_id is empty on some Linux setups; with one screen the only source is the right one.
  const source =
    sources.find((candidate) => candidate.display_id === String(display.id)) ??
    (sources.length === 1 ? sources[0] : undefined);
  if (!source || source.thumbnail.isEmpty()) {
    throw new AppFailure(
      'capture_failed',
      'the screen could not be captured: the system gave no image (on macOS, allow EVA under Privacy & Security → Screen Recording)',
    );
  }
  const original = source.thumbnail.getSize();
  const size = fitWithin(original, maxSide);
  const image =
    size.width === original.width && size.height === original.height
      ? source.thumbnail
      : source.thumbnail.resize({ ...size, quality: 'best' });
  return {
    dataUrl: `data:image/png;base64,${image.toPNG().toString('base64')}`,
    width: size.width,
    height: size.height,
    originalWidth: original.width,
    originalHeight: original.height,
  };
}
