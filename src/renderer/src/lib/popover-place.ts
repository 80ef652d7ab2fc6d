// Where a popover goes beside the control that opened it, so that all of it stays in the window: on the side it
// prefers when it fits there, else on the side with more room (flip), moved along the edge to stay inside (shift),
// and no taller or wider than the room it has (it scrolls inside past that). Pure, so it is tested without layout.

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface PlaceOptions {
  /** the opening control's box, in viewport coordinates */
  anchor: Rect;
  /** the popover's natural size */
  size: { width: number; height: number };
  viewport: { width: number; height: number };
  prefer?: 'above' | 'below';
  /** 'end': right edges line up (the popover grows to the left); 'start': left edges */
  align?: 'start' | 'end';
  /** the least room kept between the popover and the window's edges */
  margin?: number;
  /** the space between the control and the popover */
  gap?: number;
}

export interface Placement {
  side: 'above' | 'below';
  left: number;
  top: number;
  maxWidth: number;
  maxHeight: number;
}

export function placePopover({
  anchor,
  size,
  viewport,
  prefer = 'above',
  align = 'end',
  margin = 8,
  gap = 6,
}: PlaceOptions): Placement {
  const room = {
    above: Math.max(0, anchor.top - gap - margin),
    below: Math.max(0, viewport.height - (anchor.top + anchor.height) - gap - margin),
  };
  const other = prefer === 'above' ? 'below' : 'above';
  const side = size.height <= room[prefer] || room[prefer] >= room[other] ? prefer : other;
  const maxHeight = room[side];
  const height = Math.min(size.height, maxHeight);
  const top = side === 'above' ? anchor.top - gap - height : anchor.top + anchor.height + gap;

  const maxWidth = Math.max(0, viewport.width - 2 * margin);
  const width = Math.min(size.width, maxWidth);
  const wanted = align === 'end' ? anchor.left + anchor.width - width : anchor.left;
  const left = Math.min(Math.max(wanted, margin), viewport.width - margin - width);
  return { side, left: Math.max(left, margin), top, maxWidth, maxHeight };
}
