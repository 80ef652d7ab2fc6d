// Patterns from the model, through the real path: ToolRunner → tool worker
// process → list_files. A bad pattern must come back as a tool error the model
// can read, and a costly one must be refused before it runs.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { compileGlob } from './glob-pattern';
import { globSearch } from './list-files';
import { makeTempWorkspace, type TempWorkspace } from '@test-support/tools/temp-workspace';
import { makeTestRunner } from '@test-support/tools/test-runner';
import type { ToolRunner } from '../tool-runner';

let t: TempWorkspace;
let runner: ToolRunner;
beforeAll(() => {
  runner = makeTestRunner();
});
afterAll(() => runner.dispose());
beforeEach(async () => {
  t = await makeTempWorkspace();
  await mkdir(join(t.workspace, 'docs/a'), { recursive: true });
  await writeFile(join(t.workspace, 'docs/report (1).pdf'), '');
  await writeFile(join(t.workspace, 'docs/a/notes.md'), '');
});
afterEach(() => t.cleanup());

const list = (args: Record<string, unknown>) => runner.run({ tool: 'list_files', args, workspaceDir: t.workspace });

describe('list_files patterns in the tool worker', () => {
  it.each([
    ['[z-a]', 'range out of order'],
    ['{a,', '"}" is never closed'],
    ['docs/[abc', '"]" is never closed'],
    ['**/*a*a*/**/*b', 'wildcards'],
    ['x'.repeat(2_000), 'at most 1000'],
  ])('answers %j with invalid_pattern, not internal', async (pattern, reason) => {
    const result = await list({ pattern });
    expect(result).toMatchObject({ status: 'error', error: { code: 'invalid_pattern' } });
    expect(result.error?.message).toContain(reason);
  });

  it('matches parentheses literally and still finds files', async () => {
    expect(await list({ pattern: 'report (1).pdf' })).toMatchObject({ status: 'ok', output: 'docs/report (1).pdf' });
    expect(await list({ pattern: 'docs/**/*.md' })).toMatchObject({ status: 'ok', output: 'docs/a/notes.md' });
    // The worker is still healthy after the refusals above.
    expect(await list({ pattern: '[!z]*.pdf' })).toMatchObject({ status: 'ok', output: 'docs/report (1).pdf' });
  });
});

describe('glob search time budget', () => {
  it('stops a slow search with what it found and says so', async () => {
    await mkdir(join(t.workspace, 'many'));
    await Promise.all(Array.from({ length: 50 }, (_, i) => writeFile(join(t.workspace, 'many', `f${i}.txt`), '')));
    const glob = compileGlob('*.txt');
    if (!glob.ok) throw new Error(glob.error.message);
    // A matcher that costs 5 ms a call stands in for a pattern that backtracks.
    const slow = (path: string) => {
      const until = performance.now() + 5;
      while (performance.now() < until);
      return glob.match(path);
    };
    const result = await globSearch(t.workspace, '.', '*.txt', slow, 500, new AbortController().signal, 40);
    expect(result.status).toBe('ok');
    expect(result.output).toMatch(
      /\[search stopped after 0\.04 s and \d+ entries; narrow the path or use a simpler pattern\]$/,
    );
    expect(result.details).toMatchObject({ incomplete: true });
    expect(Number(result.details?.scanned)).toBeLessThan(50);
  });
});
