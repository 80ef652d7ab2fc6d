import { describe, expect, it } from 'vitest';
import { commandPreview } from './command-preview';
import { segmentList } from './command-segments';

describe('segmentList', () => {
  it('stays away when the command is one plain command', () => {
    expect(segmentList(commandPreview('ls -la'))).toBeNull();
    expect(segmentList(commandPreview('  npm   test '))).toBeNull();
    expect(segmentList({ kind: 'diff', text: '+a' })).toBeNull();
    expect(segmentList({ kind: 'command', text: 'ls' })).toBeNull();
  });
  it('lists the hidden command of a substitution in double quotes, with how it is reached', () => {
    expect(segmentList(commandPreview('echo "$(rm -rf ~/tmp)"'))).toEqual({
      rows: [
        { key: '0', words: ['rm', '-rf', '~/tmp'], via: 'command substitution', depth: 1 },
        { key: '1', words: ['echo', '$(rm -rf ~/tmp)'], via: null, depth: 0 },
      ],
      omitted: 0,
    });
  });
  it('shows a single command whose quoting the guard resolved', () => {
    expect(segmentList(commandPreview("'r'm -rf ./build"))?.rows.map((row) => row.words)).toEqual([
      ['rm', '-rf', './build'],
    ]);
  });
  it('indents by nesting and says how many were left out', () => {
    const list = segmentList(
      commandPreview(`sh -c 'bash -c "ls"'; ${Array.from({ length: 30 }, () => 'true').join('; ')}`),
    );
    expect(list?.rows.slice(0, 3).map((row) => [row.via, row.depth])).toEqual([
      [null, 0],
      ['sh -c', 1],
      ['sh -c › bash -c', 2],
    ]);
    expect(list?.omitted).toBeGreaterThan(0);
  });
});
