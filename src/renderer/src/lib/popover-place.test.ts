import { describe, expect, it } from 'vitest';
import { placePopover, type Rect } from './popover-place';

const inside = (spot: { left: number; top: number }, size: { width: number; height: number }, w: number, h: number) =>
  spot.left >= 0 && spot.top >= 0 && spot.left + size.width <= w && spot.top + size.height <= h;

describe('placePopover', () => {
  it('sits above the control, right edges lined up, when it fits there', () => {
    const anchor: Rect = { left: 900, top: 800, width: 120, height: 24 };
    const spot = placePopover({ anchor, size: { width: 360, height: 300 }, viewport: { width: 1400, height: 900 } });
    expect(spot).toMatchObject({ side: 'above', left: 1020 - 360, top: 800 - 6 - 300 });
  });

  it('shifts left to stay inside when the control is near the right edge (800×600)', () => {
    // A control whose right edge is past where a right-aligned box would end: the box is moved in.
    const anchor: Rect = { left: 760, top: 560, width: 60, height: 24 };
    const size = { width: 360, height: 280 };
    const spot = placePopover({ anchor, size, viewport: { width: 800, height: 600 } });
    expect(spot.left).toBe(800 - 8 - 360);
    expect(inside(spot, size, 800, 600)).toBe(true);
  });

  it('shifts right when a left-aligned box would run off the right edge, and never past the left one', () => {
    const size = { width: 360, height: 100 };
    const right = placePopover({
      anchor: { left: 600, top: 400, width: 80, height: 20 },
      size,
      viewport: { width: 800, height: 600 },
      align: 'start',
    });
    expect(right.left).toBe(800 - 8 - 360);
    const left = placePopover({
      anchor: { left: 2, top: 400, width: 40, height: 20 },
      size,
      viewport: { width: 800, height: 600 },
    });
    expect(left.left).toBe(8);
  });

  it('flips below when there is no room above, and caps the height to the room it has', () => {
    const flipped = placePopover({
      anchor: { left: 100, top: 40, width: 80, height: 20 },
      size: { width: 200, height: 300 },
      viewport: { width: 800, height: 600 },
    });
    expect(flipped).toMatchObject({ side: 'below', top: 66 });
    // Too tall for either side: the larger one, the box scrolls inside its room.
    const capped = placePopover({
      anchor: { left: 100, top: 250, width: 80, height: 20 },
      size: { width: 200, height: 900 },
      viewport: { width: 800, height: 600 },
    });
    expect(capped.side).toBe('below');
    expect(capped.maxHeight).toBe(600 - 270 - 6 - 8);
    expect(capped.top + capped.maxHeight).toBeLessThanOrEqual(600 - 8);
  });

  it('is never wider than the window leaves room for', () => {
    const spot = placePopover({
      anchor: { left: 10, top: 500, width: 40, height: 20 },
      size: { width: 500, height: 100 },
      viewport: { width: 320, height: 600 },
    });
    expect(spot.maxWidth).toBe(304);
    expect(spot.left).toBe(8);
  });
});
