import { describe, expect, it } from 'vitest';
import { globToRegExp } from './glob-pattern';

const matches = (pattern: string, path: string) => globToRegExp(pattern).test(path);

describe('globToRegExp', () => {
  it.each([
    ['**/*.ts', 'a.ts', true],
    ['**/*.ts', 'src/deep/a.ts', true],
    ['**/*.ts', 'src/a.tsx', false],
    ['*.ts', 'src/deep/a.ts', true],
    ['src/*.ts', 'src/a.ts', true],
    ['src/*.ts', 'src/deep/a.ts', false],
    ['src/**', 'src/a/b/c', true],
    ['src/**/test/*.js', 'src/test/a.js', true],
    ['src/**/test/*.js', 'src/x/y/test/a.js', true],
    ['file?.txt', 'file1.txt', true],
    ['file?.txt', 'file10.txt', false],
    ['[ab].md', 'a.md', true],
    ['[!ab].md', 'a.md', false],
    ['[!ab].md', 'c.md', true],
    ['*.{js,json}', 'pkg/package.json', true],
    ['*.{js,json}', 'x.ts', false],
    ['./src/*.ts', 'src/a.ts', true],
    ['a+b(1).txt', 'a+b(1).txt', true],
    ['a.b', 'axb', false],
  ])('%s vs %s → %s', (pattern, path, expected) => {
    expect(matches(pattern, path)).toBe(expected);
  });
});
