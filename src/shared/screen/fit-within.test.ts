import { describe, expect, it } from 'vitest';
import { dragRect, fitWithin, toImageRect } from './fit-within';
import { requestedMaxSide } from './screen-capture';

describe('fitWithin', () => {
  it('shrinks the longest side to maxSide and keeps the aspect ratio', () => {
    expect(fitWithin({ width: 2560, height: 1440 }, 1920)).toEqual({ width: 1920, height: 1080 });
    expect(fitWithin({ width: 3840, height: 2160 }, 1568)).toEqual({ width: 1568, height: 882 });
    expect(fitWithin({ width: 1080, height: 2400 }, 1920)).toEqual({ width: 864, height: 1920 });
  });

  it('never upscales, and null keeps the size', () => {
    expect(fitWithin({ width: 1920, height: 1080 }, 1920)).toEqual({ width: 1920, height: 1080 });
    expect(fitWithin({ width: 800, height: 600 }, 1920)).toEqual({ width: 800, height: 600 });
    expect(fitWithin({ width: 7680, height: 4320 }, null)).toEqual({ width: 7680, height: 4320 });
  });

  it('keeps a very thin image at least one pixel high', () => {
    expect(fitWithin({ width: 10_000, height: 1 }, 100)).toEqual({ width: 100, height: 1 });
  });

  it('refuses sizes that are not positive whole pixels', () => {
    expect(() => fitWithin({ width: 0, height: 10 }, 100)).toThrow(/positive whole pixels/);
    expect(() => fitWithin({ width: 10.5, height: 10 }, 100)).toThrow(RangeError);
    expect(() => fitWithin({ width: 10, height: 10 }, 0)).toThrow(/maxSide/);
  });

  it('defaults a request to 1920 and honours null', () => {
    expect(requestedMaxSide(undefined)).toBe(1920);
    expect(requestedMaxSide({})).toBe(1920);
    expect(requestedMaxSide({ maxSide: null })).toBeNull();
    expect(requestedMaxSide({ maxSide: 1568 })).toBe(1568);
  });
});

describe('region picking', () => {
  it('turns a drag in any direction into a rectangle', () => {
    expect(dragRect({ x: 50, y: 40 }, { x: 10, y: 100 })).toEqual({ x: 10, y: 40, width: 40, height: 60 });
  });

  it('maps a rectangle on the shown picture to the picture’s own pixels, rounding outward and clamping', () => {
    // A 2560×1440 screen shown 1280×720: every shown pixel is 2×2 real ones.
    expect(
      toImageRect(
        { x: 10.4, y: 20, width: 100, height: 50.2 },
        { width: 1280, height: 720 },
        { width: 2560, height: 1440 },
      ),
    ).toEqual({ x: 20, y: 40, width: 201, height: 101 });
    expect(
      toImageRect(
        { x: 1200, y: 700, width: 500, height: 500 },
        { width: 1280, height: 720 },
        { width: 2560, height: 1440 },
      ),
    ).toEqual({ x: 2400, y: 1400, width: 160, height: 40 });
  });

  it('treats a click without a real drag as no region', () => {
    expect(
      toImageRect({ x: 5, y: 5, width: 1, height: 1 }, { width: 100, height: 100 }, { width: 100, height: 100 }),
    ).toBeNull();
    expect(
      toImageRect({ x: 5, y: 5, width: 10, height: 10 }, { width: 0, height: 100 }, { width: 100, height: 100 }),
    ).toBeNull();
  });
});
