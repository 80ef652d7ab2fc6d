import { describe, expect, it } from 'vitest';
import { unifiedDiff } from './unified-diff';

describe('unifiedDiff', () => {
  it('shows a new file as all added', () => {
    expect(unifiedDiff('', 'a\nb\n', { oldName: null, newName: 'x.txt' })).toEqual({
      text: '--- /dev/null\n+++ b/x.txt\n@@ -0,0 +1,2 @@\n+a\n+b\n',
      added: 2,
      removed: 0,
    });
  });

  it('is empty when nothing changes', () => {
    expect(unifiedDiff('same\n', 'same\n', { oldName: 'f', newName: 'f' }).text).toBe('');
  });

  it('shows a one-line change with three lines of context', () => {
    const before = ['1', '2', '3', '4', '5', '6', '7', '8', '9'].join('\n') + '\n';
    const after = before.replace('5\n', 'five\n');
    expect(unifiedDiff(before, after, { oldName: 'f', newName: 'f' }).text).toBe(
      ['--- a/f', '+++ b/f', '@@ -2,7 +2,7 @@', ' 2', ' 3', ' 4', '-5', '+five', ' 6', ' 7', ' 8', ''].join('\n'),
    );
  });

  it('splits distant changes into hunks and merges close ones', () => {
    const lines = Array.from({ length: 30 }, (_, i) => `l${i + 1}`);
    const before = lines.join('\n') + '\n';
    const after = lines.map((l) => (l === 'l2' ? 'L2' : l === 'l25' ? 'L25' : l)).join('\n') + '\n';
    const diff = unifiedDiff(before, after, { oldName: 'f', newName: 'f' });
    expect(diff.text.match(/^@@/gm)).toHaveLength(2);
    expect(diff.text).toContain('@@ -1,5 +1,5 @@');
    expect(diff.text).toContain('@@ -22,7 +22,7 @@');
    const close = lines.map((l) => (l === 'l10' ? 'X' : l === 'l15' ? 'Y' : l)).join('\n') + '\n';
    expect(unifiedDiff(before, close, { oldName: 'f', newName: 'f' }).text.match(/^@@/gm)).toHaveLength(1);
  });

  it('marks a missing final newline', () => {
    const diff = unifiedDiff('a\nb', 'a\nb\n', { oldName: 'f', newName: 'f' });
    expect(diff.text).toBe('--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n');
  });

  it('finds insertions and deletions minimally', () => {
    const diff = unifiedDiff('a\nb\nc\nd\n', 'a\nc\nd\ne\n', { oldName: 'f', newName: 'f' });
    expect(diff).toMatchObject({ added: 1, removed: 1 });
    expect(diff.text).toContain('-b\n');
    expect(diff.text).toContain('+e\n');
  });

  // Without the fallback the search over 40,000 edits would run far past the test's timeout.
  it('falls back to replacing the middle when the files differ too much', () => {
    const before = Array.from({ length: 20_000 }, (_, i) => `old ${i}`).join('\n');
    const after = Array.from({ length: 20_000 }, (_, i) => `new ${i}`).join('\n');
    const diff = unifiedDiff(before, after, { oldName: 'f', newName: 'f', maxEdits: 500 });
    expect(diff).toMatchObject({ added: 20_000, removed: 20_000 });
  });
});
