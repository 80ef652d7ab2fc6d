// The approval card's list of what a command runs (in the window and in the
// terminal) — the forbidden-command guard's own reading, sent with the preview
// (command-preview.ts) — as display rows. Shown only when it tells more than the command line itself:
// several commands, one reached through another (sh -c, $(…), find -exec, …),
// or quoting the guard resolved (`'r'm` is rm).
import type { ToolPreview } from '../agent/agent-types';

/** One row: the words of a command, and how it is reached (null for the line's own commands). */
export interface SegmentRow {
  key: string;
  words: readonly string[];
  via: string | null;
  /** how deep it is nested, for the indent */
  depth: number;
}

export interface SegmentList {
  rows: SegmentRow[];
  /** segments the core left out to keep the card short */
  omitted: number;
}

export function segmentList(preview: ToolPreview): SegmentList | null {
  const segments = preview.kind === 'command' ? (preview.segments ?? []) : [];
  const [only] = segments;
  if (!only) return null;
  if (segments.length === 1 && !only.via && only.argv.join(' ') === preview.text.trim().replace(/\s+/g, ' '))
    return null;
  return {
    rows: segments.map((segment, index) => ({
      key: String(index),
      words: segment.argv,
      via: segment.via ?? null,
      depth: segment.via ? segment.via.split(' › ').length : 0,
    })),
    omitted: preview.omittedSegments ?? 0,
  };
}
