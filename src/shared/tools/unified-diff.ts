// A unified diff of two texts, for the approval card of write_file/edit_file: the
// user sees exactly what will change before it happens. The diff itself is jsdiff's
// (a well-kept Myers implementation); past `maxEdits` differences it gives up finding
// the minimal script and the whole text is shown as replaced, which keeps a rewrite
// of a 10 MB file from stalling the worker.
import { structuredPatch, type StructuredPatchHunk } from 'diff';

/** The diff text plus counts for the card's summary line. */
export interface UnifiedDiff {
  text: string;
  added: number;
  removed: number;
}

export interface DiffOptions {
  /** shown after `--- `; null for a file that does not exist yet (/dev/null) */
  oldName: string | null;
  newName: string;
  context?: number;
  maxEdits?: number;
}

const NO_NEWLINE = '\\ No newline at end of file';

export function unifiedDiff(oldText: string, newText: string, options: DiffOptions): UnifiedDiff {
  if (oldText === newText) return { text: '', added: 0, removed: 0 };
  const patch = structuredPatch('a', 'b', oldText, newText, '', '', {
    context: options.context ?? 3,
    maxEditLength: options.maxEdits ?? 2000,
  });
  const hunks = patch?.hunks ?? [replaceAll(oldText, newText)];
  const lines = hunks.flatMap((hunk) => hunk.lines);
  const added = lines.filter((line) => line.startsWith('+')).length;
  const removed = lines.filter((line) => line.startsWith('-')).length;
  const header = [`--- ${options.oldName === null ? '/dev/null' : `a/${options.oldName}`}`, `+++ b/${options.newName}`];
  const body = hunks.flatMap((hunk) => [hunkHeader(hunk), ...hunk.lines]);
  return { text: [...header, ...body].join('\n') + '\n', added, removed };
}

/** `@@ -l,s +l,s @@`; an empty side starts at the line before, as diff(1) and git write it. */
function hunkHeader(hunk: StructuredPatchHunk): string {
  const oldStart = hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart;
  const newStart = hunk.newLines === 0 ? hunk.newStart - 1 : hunk.newStart;
  return `@@ -${oldStart},${hunk.oldLines} +${newStart},${hunk.newLines} @@`;
}

/** Too different to diff within the budget: every old line removed, every new one added. */
function replaceAll(oldText: string, newText: string): StructuredPatchHunk {
  const side = (text: string, sign: '-' | '+'): string[] => {
    if (text === '') return [];
    const lines = text.split('\n');
    const complete = lines.at(-1) === '';
    if (complete) lines.pop();
    return [...lines.map((line) => sign + line), ...(complete ? [] : [NO_NEWLINE])];
  };
  const removed = side(oldText, '-');
  const added = side(newText, '+');
  const count = (lines: string[]) => lines.filter((line) => line !== NO_NEWLINE).length;
  return { oldStart: 1, oldLines: count(removed), newStart: 1, newLines: count(added), lines: [...removed, ...added] };
}
