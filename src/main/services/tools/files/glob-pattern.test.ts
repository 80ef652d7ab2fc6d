import { describe, expect, it } from 'vitest';
import { compileGlob, GLOB_LIMITS } from './glob-pattern';

const matches = (pattern: string, path: string) => {
  const glob = compileGlob(pattern);
  if (!glob.ok) throw new Error(glob.error.message);
  return glob.match(path);
};

describe('compileGlob', () => {
  it.each([
    ['**/*.ts', 'a.ts', true],
    ['**/*.ts', 'src/deep/a.ts', true],
    ['**/*.ts', 'src/a.tsx', false],
    ['*.ts', 'src/deep/a.ts', true],
    ['*.ts', '.eslintrc.ts', true],
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
    ['src\\*.ts', 'src/a.ts', true],
    ['a+b(1).txt', 'a+b(1).txt', true],
    ['a+b(1).txt', 'a+b1.txt', false],
    ['report (1)|x.pdf', 'docs/report (1)|x.pdf', true],
    ['+(a|b).txt', '+(a|b).txt', true],
    ['!x.txt', 'x.txt', false],
    ['!x.txt', '!x.txt', true],
    ['a.b', 'axb', false],
  ])('%s vs %s → %s', (pattern, path, expected) => {
    expect(matches(pattern, path)).toBe(expected);
  });

  it('matches case-insensitively when asked (Windows)', () => {
    const glob = compileGlob('*.TS', true);
    expect(glob.ok && glob.match('src/a.ts')).toBe(true);
  });

  it.each([
    ['[z-a]', /range out of order/],
    ['{a,', /"\}" is never closed/],
    ['src/[abc', /"\]" is never closed/],
    ['', /empty/],
    ['./', /empty/],
  ])('refuses %j with a readable invalid_pattern error', (pattern, reason) => {
    const glob = compileGlob(pattern);
    expect(glob.ok).toBe(false);
    if (glob.ok) return;
    expect(glob.error.code).toBe('invalid_pattern');
    expect(glob.error.message).toMatch(reason);
    expect(glob.error.message).toContain('invalid glob pattern');
  });

  it('refuses patterns whose matching could backtrack for minutes, before running them', () => {
    for (const pattern of [
      '**/a*a*a*a*b',
      'x/*a*b*c*d',
      '*a*a*/**/*a*b',
      '**/x/**/y/**/z/**/*w',
      '*a*a*a*b',
      'x'.repeat(GLOB_LIMITS.maxPatternChars + 1),
    ]) {
      const glob = compileGlob(pattern);
      expect(glob.ok, pattern.slice(0, 40)).toBe(false);
      expect(!glob.ok && glob.error.code).toBe('invalid_pattern');
    }
  });

  it('finishes the costliest accepted patterns on long paths built to make them backtrack', () => {
    const paths = [
      `${'dir/'.repeat(10)}${'a'.repeat(250)}`,
      `${'a'.repeat(250)}/`.repeat(16),
      'aa/'.repeat(90),
      `${'ab'.repeat(120)}/`.repeat(8),
    ];
    for (const pattern of [
      '**/a*a*a*b',
      '**/*a*a*',
      '**/?*?*?*b',
      '*a*/*a*',
      '*a*/**/*b',
      '**/**/**/*',
      '**/{*a,b*}{a,b}*c',
    ]) {
      const glob = compileGlob(pattern);
      expect(glob.ok, pattern).toBe(true);
      // ~30 ms measured for the worst; backtracking would run for far longer than the test's timeout.
      for (const path of paths) if (glob.ok) glob.match(path);
    }
  });
});
