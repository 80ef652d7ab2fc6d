// Downscale arithmetic shared by the capturers (core, Electron) and the region
// picker (renderer): keep the aspect ratio, never upscale, round to whole pixels.

export interface Size {
  width: number;
  height: number;
}

function checkSize(size: Size): void {
  if (!Number.isInteger(size.width) || !Number.isInteger(size.height) || size.width < 1 || size.height < 1) {
    throw new RangeError(`an image size must be positive whole pixels, got ${size.width}×${size.height}`);
  }
}

/** The size that fits `maxSide` on its longest side; the same size when it already fits or maxSide is null. */
export function fitWithin(size: Size, maxSide: number | null): Size {
  checkSize(size);
  if (maxSide !== null && (!Number.isInteger(maxSide) || maxSide < 1))
    throw new RangeError(`maxSide must be a positive whole number, got ${maxSide}`);
  const longest = Math.max(size.width, size.height);
  if (maxSide === null || longest <= maxSide) return { width: size.width, height: size.height };
  const scale = maxSide / longest;
  // The longest side is exactly maxSide; the other is rounded but never 0.
  return size.width >= size.height
    ? { width: maxSide, height: Math.max(1, Math.round(size.height * scale)) }
    : { width: Math.max(1, Math.round(size.width * scale)), height: maxSide };
}

export interface Point {
  x: number;
  y: number;
}

export interface Rect extends Point, Size {}

/** A drag from `a` to `b` in any direction, as a rectangle. */
export function dragRect(a: Point, b: Point): Rect {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(b.x - a.x), height: Math.abs(b.y - a.y) };
}

/**
 * A rectangle drawn on the picture as shown (`shown` pixels on screen) in the
 * picture's own pixels: scaled, rounded outward and clamped to the picture.
 * null when it covers less than `minPixels` on either side (a click, not a drag).
 */
export function toImageRect(rect: Rect, shown: Size, image: Size, minPixels = 4): Rect | null {
  checkSize(image);
  if (shown.width <= 0 || shown.height <= 0) return null;
  const sx = image.width / shown.width;
  const sy = image.height / shown.height;
  const left = Math.max(0, Math.floor(rect.x * sx));
  const top = Math.max(0, Math.floor(rect.y * sy));
  const right = Math.min(image.width, Math.ceil((rect.x + rect.width) * sx));
  const bottom = Math.min(image.height, Math.ceil((rect.y + rect.height) * sy));
  if (right - left < minPixels || bottom - top < minPixels) return null;
  return { x: left, y: top, width: right - left, height: bottom - top };
}
