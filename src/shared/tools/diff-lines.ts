// Colours for the diff on an approval card, in the window and in the terminal:
// each line of a unified diff gets a kind. `---`/`+++` are file headers only
// before the first hunk; inside a hunk a removed line that happens to start with
// "--" is still a removal.

/** What one line of a unified diff is, for its colour. */
export type DiffLineKind = 'header' | 'hunk' | 'add' | 'del' | 'context' | 'note';

export interface DiffLine {
  kind: DiffLineKind;
  text: string;
}

const HUNK = /^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@/;

export function classifyDiffLines(diff: string): DiffLine[] {
  const body = diff.replace(/\r?\n$/, '');
  if (body === '') return [];
  let inHunk = false;
  return body.split(/\r?\n/).map((text): DiffLine => {
    if (HUNK.test(text)) {
      inHunk = true;
      return { kind: 'hunk', text };
    }
    if (!inHunk) return { kind: text.startsWith('--- ') || text.startsWith('+++ ') ? 'header' : 'note', text };
    if (text.startsWith('+')) return { kind: 'add', text };
    if (text.startsWith('-')) return { kind: 'del', text };
    if (text.startsWith(' ')) return { kind: 'context', text };
    // "\ No newline at end of file", the output cap's "[… N chars omitted …]", a blank line
    return { kind: 'note', text };
  });
}

/** How many lines the diff adds and removes, for the card's summary. */
export function diffCounts(lines: readonly DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of lines) {
    if (line.kind === 'add') added++;
    else if (line.kind === 'del') removed++;
  }
  return { added, removed };
}
