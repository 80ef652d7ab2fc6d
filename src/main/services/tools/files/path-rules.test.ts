import { describe, expect, it } from 'vitest';
import { checkPathSyntax, isWithin, lexicalTarget } from './path-rules';

describe('checkPathSyntax', () => {
  const refusedEverywhere = [
    '',
    '   ',
    'a\0b',
    'dir/\0/x',
    'a\nb',
    'x'.repeat(4097),
    `${'a'.repeat(256)}/b`,
    '~/secrets',
    'CON',
    'con.txt',
    'src/NUL',
    'aux.c',
    'COM1',
    'lpt9.log',
    'file.txt:stream',
    'file.txt::$DATA',
    'dir:x/file',
  ];
  it.each(refusedEverywhere)('refuses %j on POSIX and Windows', (input) => {
    expect(checkPathSyntax(input, 'posix')?.code).toBe('invalid_path');
    expect(checkPathSyntax(input, 'win32')?.code).toBe('invalid_path');
  });

  it.each([
    '\\\\server\\share\\x',
    '\\\\?\\C:\\x',
    '\\\\.\\PhysicalDrive0',
    'C:relative',
    'trailing.',
    'space ',
    'a<b',
    'what?',
  ])('refuses %j on Windows', (input) => {
    expect(checkPathSyntax(input, 'win32')?.code).toBe('invalid_path');
  });

  it.each([
    'src/index.ts',
    './a/../b',
    'console.log',
    'CONTRIBUTING.md',
    'com10.txt',
    'dir/file name.txt',
    '日本語/ファイル.txt',
    'a'.repeat(255),
  ])('accepts %j', (input) => {
    expect(checkPathSyntax(input, 'posix')).toBeNull();
    expect(checkPathSyntax(input, 'win32')).toBeNull();
  });

  it('accepts a drive-absolute path on Windows', () => {
    expect(checkPathSyntax('C:\\work\\a.txt', 'win32')).toBeNull();
  });
});

describe('lexical confinement', () => {
  it('keeps relative paths inside and refuses .. escapes', () => {
    expect(lexicalTarget('/w', 'a/b', 'posix')).toEqual({ path: '/w/a/b' });
    expect(lexicalTarget('/w', 'a/../b', 'posix')).toEqual({ path: '/w/b' });
    expect(lexicalTarget('/w', '.', 'posix')).toEqual({ path: '/w' });
    for (const escape of ['..', '../x', 'a/../../x', '../../../../etc/passwd', './../w2/x']) {
      expect(lexicalTarget('/w', escape, 'posix')).toMatchObject({ error: { code: 'outside_workspace' } });
    }
  });

  it('accepts absolute paths inside the workspace or its alias, refuses others', () => {
    expect(lexicalTarget('/real/w', '/real/w/x', 'posix')).toEqual({ path: '/real/w/x' });
    expect(lexicalTarget('/real/w', '/link/w/x', 'posix', ['/link/w'])).toEqual({ path: '/real/w/x' });
    expect(lexicalTarget('/w', '/etc/passwd', 'posix')).toMatchObject({ error: { code: 'outside_workspace' } });
    expect(lexicalTarget('/w', '/w2/x', 'posix')).toMatchObject({ error: { code: 'outside_workspace' } });
    expect(lexicalTarget('C:\\w', 'D:\\x', 'win32')).toMatchObject({ error: { code: 'outside_workspace' } });
    expect(lexicalTarget('C:\\w', 'c:\\W\\x', 'win32')).toEqual({ path: 'c:\\W\\x' });
  });

  it('isWithin does not confuse sibling prefixes', () => {
    expect(isWithin('/w', '/w', 'posix')).toBe(true);
    expect(isWithin('/w', '/w/..x', 'posix')).toBe(true);
    expect(isWithin('/w', '/wx', 'posix')).toBe(false);
    expect(isWithin('/w', '/', 'posix')).toBe(false);
  });
});
