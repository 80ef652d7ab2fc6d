// House style: a sub-step's failure reaches the user as data, never `.catch(() => empty)`.
// Every source file under src is read and checked by findSwallowedErrors; the examples below pin
// down what it flags and what it leaves alone.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findSwallowedErrors } from './swallowed-errors.ts';

const root = join(import.meta.dirname, '..', '..');
const SOURCE_FILE = /\.tsx?$/;
const TEST_FILE = /\.(test|spec)\.tsx?$/;

// Not audited yet: other work is reshaping these right now. Whole folders where files are being split and moved
// (a name listed today may be gone tomorrow), single files elsewhere. An entry goes once its catches use `ifExists`,
// let the error through, or say why they drop it.
const NOT_YET_AUDITED = ['src/main/services/mcp/mcp-server-slot.ts'];
const notYetAudited = (name: string) =>
  NOT_YET_AUDITED.some((entry) => (entry.endsWith('/') ? name.startsWith(entry) : name === entry));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.') || entry.name === 'test-support') return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE_FILE.test(entry.name) && !TEST_FILE.test(entry.name) ? [path] : [];
  });
}

const lines = (source: string) => findSwallowedErrors(source).map((found) => found.line);

describe('findSwallowedErrors', () => {
  it('flags a catch that drops the error without a word', () => {
    const source = [
      'const info = await stat(path).catch(() => null);',
      'const names = await readdir(dir).catch(() => [] as string[]);',
      'await catalog.save().catch(() => undefined);',
      'void context.resume().catch(() => {});',
      'const body = await response.text().catch( ( ) =>',
      "  '');",
      'await Promise.all([rm(a), rm(b)]).catch(',
      '  () => undefined,',
      ');',
    ].join('\n');
    expect(lines(source)).toEqual([1, 2, 3, 4, 5, 7]);
  });

  it('leaves alone a catch explained on its line or the line above, and catches that keep the error', () => {
    const source = [
      '// The queue must never reject; the caller awaits `result` and gets the error.',
      'queue = result.catch(() => undefined);',
      'await rm(part, { force: true }).catch(() => undefined); // the real error was reported above',
      '  /* best effort: the client may already be gone */',
      'await client.close().catch(() => {});',
      'await save().catch((error: unknown) => report(error));',
      'const info = await ifExists(stat(path));',
    ].join('\n');
    expect(lines(source)).toEqual([]);
  });

  it('does not count a comment that ends before the catch on its line', () => {
    expect(lines('call(/* a */ x).catch(() => null);')).toEqual([1]);
  });

  it('the allow-list names only files and folders that exist', () => {
    expect(NOT_YET_AUDITED.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it('no source file outside the allow-list drops an error without saying why', () => {
    const found = sourceFiles(join(root, 'src')).flatMap((path) => {
      const name = relative(root, path).split(sep).join('/');
      if (notYetAudited(name)) return [];
      return findSwallowedErrors(readFileSync(path, 'utf8')).map((hit) => `${name}:${hit.line}: ${hit.text}`);
    });
    expect(found).toEqual([]);
  });
});
