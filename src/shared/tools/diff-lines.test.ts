import { describe, expect, it } from 'vitest';
import { unifiedDiff } from './unified-diff';
import { classifyDiffLines, diffCounts } from './diff-lines';

describe('classifyDiffLines', () => {
  it('colours a real diff from the core', () => {
    const diff = unifiedDiff('a\nb\nc\n', 'a\nB\nc\nd', { oldName: 'x.txt', newName: 'x.txt' });
    const lines = classifyDiffLines(diff.text);
    expect(lines.map((l) => l.kind)).toEqual([
      'header',
      'header',
      'hunk',
      'context',
      'del',
      'add',
      'context',
      'add',
      'note',
    ]);
    expect(lines.at(-1)?.text).toBe('\\ No newline at end of file');
    expect(diffCounts(lines)).toEqual({ added: diff.added, removed: diff.removed });
  });

  it('reads "---" and "+++" inside a hunk as a removal and an addition', () => {
    const lines = classifyDiffLines('--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n--- old rule\n+++ new rule\n');
    expect(lines.map((l) => l.kind)).toEqual(['header', 'header', 'hunk', 'del', 'add']);
  });

  it('marks the output cap and plain text as notes', () => {
    const lines = classifyDiffLines('notes.bin will be replaced (binary file)');
    expect(lines).toEqual([{ kind: 'note', text: 'notes.bin will be replaced (binary file)' }]);
    const capped = classifyDiffLines('@@ -1,1 +1,1 @@\n-a\n\n[… 120 chars omitted …]\n\n+b\r\n');
    expect(capped.map((l) => l.kind)).toEqual(['hunk', 'del', 'note', 'note', 'note', 'add']);
    expect(capped.at(-1)?.text).toBe('+b');
  });

  it('has no lines for an empty diff', () => {
    expect(classifyDiffLines('')).toEqual([]);
    expect(classifyDiffLines('\n')).toEqual([]);
  });
});
