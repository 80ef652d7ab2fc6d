import { chmod, mkdir, readFile, readdir, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOOL_LIMITS } from '@shared/tools/tool-limits';
import { previewChangeTool } from './change-preview';
import { editFileTool } from './edit-file';
import { listFilesTool } from './list-files';
import { readFileTool } from './read-file';
import { makeTempWorkspace, type TempWorkspace } from '@test-support/tools/temp-workspace';
import { writeFileTool } from './write-file';

let t: TempWorkspace;
beforeEach(async () => {
  t = await makeTempWorkspace();
});
afterEach(() => t.cleanup());
const put = (rel: string, content: string | Buffer) => writeFile(join(t.workspace, rel), content);

describe('read_file', () => {
  it('returns a small file whole', async () => {
    await put('a.txt', 'one\ntwo\n');
    expect(await readFileTool({ path: 'a.txt' }, t.context())).toMatchObject({
      status: 'ok',
      output: 'one\ntwo',
      details: { totalLines: 2 },
    });
  });

  it('returns a line range and says how to continue', async () => {
    await put('n.txt', Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join('\n'));
    const result = await readFileTool({ path: 'n.txt', offset: 3, limit: 2 }, t.context());
    expect(result.output).toBe('[n.txt: lines 3-4 of 10; continue with offset=5]\nline 3\nline 4');
    expect((await readFileTool({ path: 'n.txt', offset: 11 }, t.context())).error?.message).toContain('has 10 lines');
  });

  it('cuts long output at a line boundary', async () => {
    await put('big.txt', Array.from({ length: 2000 }, () => 'x'.repeat(99)).join('\n'));
    const result = await readFileTool({ path: 'big.txt' }, t.context());
    expect(result.output.length).toBeLessThanOrEqual(TOOL_LIMITS.maxOutputChars + 100);
    expect(result.output).toMatch(/^\[big.txt: lines 1-300 of 2000; continue with offset=301\]/);
  });

  it('refuses binary, huge, missing files and directories clearly', async () => {
    await put('bin.dat', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]));
    await put('latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    await put('huge.txt', Buffer.alloc(TOOL_LIMITS.maxReadBytes + 1, 0x61));
    await mkdir(join(t.workspace, 'dir'));
    expect((await readFileTool({ path: 'bin.dat' }, t.context())).error?.code).toBe('binary_file');
    expect((await readFileTool({ path: 'latin1.txt' }, t.context())).error?.code).toBe('binary_file');
    expect((await readFileTool({ path: 'huge.txt' }, t.context())).error).toMatchObject({
      code: 'file_too_large',
      message: expect.stringContaining('10.0 MB'),
    });
    expect((await readFileTool({ path: 'nope.txt' }, t.context())).error?.code).toBe('not_found');
    expect((await readFileTool({ path: 'dir' }, t.context())).error).toMatchObject({
      code: 'not_a_file',
      message: expect.stringContaining('list_files'),
    });
  });
});

describe('write_file', () => {
  it('creates parents and the file, then replaces it atomically keeping its mode', async () => {
    const created = await writeFileTool({ path: 'deep/er/new.txt', content: 'a\nb\n' }, t.context());
    expect(created).toMatchObject({ status: 'ok', output: 'Created deep/er/new.txt (2 lines, 4 B)' });
    await chmod(join(t.workspace, 'deep/er/new.txt'), 0o755);
    const replaced = await writeFileTool({ path: 'deep/er/new.txt', content: 'c' }, t.context());
    expect(replaced.output).toBe('Replaced deep/er/new.txt (1 lines, 1 B)');
    expect(await readFile(join(t.workspace, 'deep/er/new.txt'), 'utf8')).toBe('c');
    expect((await stat(join(t.workspace, 'deep/er/new.txt'))).mode & 0o777).toBe(0o755);
    expect(await readdir(join(t.workspace, 'deep/er'))).toEqual(['new.txt']);
  });

  it('refuses to write over a directory', async () => {
    await mkdir(join(t.workspace, 'd'));
    expect((await writeFileTool({ path: 'd', content: 'x' }, t.context())).error?.code).toBe('not_a_file');
  });
});

describe('edit_file', () => {
  beforeEach(() => put('code.ts', 'const a = 1;\nconst b = 1;\nconst c = 2;\n'));

  it('replaces exactly one occurrence', async () => {
    const result = await editFileTool(
      { path: 'code.ts', old_string: 'const c = 2;', new_string: 'const c = 3;' },
      t.context(),
    );
    expect(result).toMatchObject({ status: 'ok', output: 'Edited code.ts: replaced 1 occurrence' });
    expect(await readFile(join(t.workspace, 'code.ts'), 'utf8')).toBe('const a = 1;\nconst b = 1;\nconst c = 3;\n');
  });

  it('fails unless the count matches expected_replacements, saying the count', async () => {
    const twice = await editFileTool({ path: 'code.ts', old_string: '= 1;', new_string: '= 9;' }, t.context());
    expect(twice.error).toMatchObject({ code: 'match_count', details: { found: 2, expected: 1 } });
    expect(twice.error?.message).toContain('occurs 2 times');
    const wrong = await editFileTool(
      { path: 'code.ts', old_string: '= 1;', new_string: '= 9;', expected_replacements: 3 },
      t.context(),
    );
    expect(wrong.error?.message).toContain('occurs 2 times');
    const ok = await editFileTool(
      { path: 'code.ts', old_string: '= 1;', new_string: '= $&9;', expected_replacements: 2 },
      t.context(),
    );
    expect(ok.output).toBe('Edited code.ts: replaced 2 occurrences');
    expect(await readFile(join(t.workspace, 'code.ts'), 'utf8')).toBe('const a = $&9;\nconst b = $&9;\nconst c = 2;\n');
  });

  it('reports no match, a missing file, and leaves the file alone on failure', async () => {
    expect(
      (await editFileTool({ path: 'code.ts', old_string: 'nope', new_string: 'x' }, t.context())).error?.code,
    ).toBe('no_match');
    expect(
      (await editFileTool({ path: 'missing.ts', old_string: 'a', new_string: 'b' }, t.context())).error?.code,
    ).toBe('not_found');
    expect(await readFile(join(t.workspace, 'code.ts'), 'utf8')).toBe('const a = 1;\nconst b = 1;\nconst c = 2;\n');
  });

  it('hints at CRLF line endings', async () => {
    await put('win.txt', 'a\r\nb\r\n');
    expect(
      (await editFileTool({ path: 'win.txt', old_string: 'a\nb', new_string: 'x' }, t.context())).error?.message,
    ).toContain('CRLF');
  });
});

describe('list_files', () => {
  beforeEach(async () => {
    await mkdir(join(t.workspace, 'src/lib'), { recursive: true });
    await mkdir(join(t.workspace, 'node_modules/pkg'), { recursive: true });
    await put('README.md', '');
    await put('src/index.ts', '');
    await put('src/lib/util.ts', '');
    await put('src/lib/util.test.ts', '');
    await put('node_modules/pkg/index.ts', '');
    await symlink(t.outside, join(t.workspace, 'out-link'));
  });

  it('lists a directory, directories first', async () => {
    expect((await listFilesTool({}, t.context())).output).toBe('node_modules/\nsrc/\nout-link@\nREADME.md');
    expect((await listFilesTool({ path: 'src' }, t.context())).output).toBe('lib/\nindex.ts');
  });

  it('finds files by glob, skipping node_modules and never entering symlinked directories', async () => {
    expect((await listFilesTool({ pattern: '**/*.ts' }, t.context())).output).toBe(
      'src/index.ts\nsrc/lib/util.test.ts\nsrc/lib/util.ts',
    );
    expect((await listFilesTool({ pattern: '*.test.ts' }, t.context())).output).toBe('src/lib/util.test.ts');
    expect((await listFilesTool({ path: 'src', pattern: 'lib/*.{ts,js}' }, t.context())).output).toBe(
      'lib/util.test.ts\nlib/util.ts',
    );
    expect((await listFilesTool({ pattern: 'node_modules/**/*.ts' }, t.context())).output).toBe(
      'node_modules/pkg/index.ts',
    );
    expect((await listFilesTool({ pattern: '**/secret.txt' }, t.context())).output).toContain('no match');
  });

  it('caps the number of entries', async () => {
    const result = await listFilesTool({ pattern: '**/*', max_entries: 2 }, t.context());
    expect(result.output.split('\n')).toHaveLength(3);
    expect(result.output).toMatch(/\[… \d+ more entries/);
  });

  it('reports a file given as a directory', async () => {
    expect((await listFilesTool({ path: 'README.md' }, t.context())).error?.code).toBe('not_a_directory');
  });
});

describe('change preview', () => {
  it('shows a new file as all added and an overwrite as a diff', async () => {
    const fresh = await previewChangeTool(
      { tool: 'write_file', arguments: { path: 'n.txt', content: 'a\n' } },
      t.context(),
    );
    expect(fresh).toMatchObject({
      status: 'ok',
      output: '--- /dev/null\n+++ b/n.txt\n@@ -0,0 +1,1 @@\n+a\n',
      details: { isNew: true, added: 1 },
    });
    await put('o.txt', 'a\nb\n');
    const over = await previewChangeTool(
      { tool: 'write_file', arguments: { path: 'o.txt', content: 'a\nc\n' } },
      t.context(),
    );
    expect(over.output).toBe('--- a/o.txt\n+++ b/o.txt\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n');
    expect(await readFile(join(t.workspace, 'o.txt'), 'utf8')).toBe('a\nb\n');
  });

  it('previews an edit, or says why it would fail', async () => {
    await put('e.txt', 'x = 1\ny = 1\n');
    const edit = await previewChangeTool(
      { tool: 'edit_file', arguments: { path: 'e.txt', old_string: 'y = 1', new_string: 'y = 2' } },
      t.context(),
    );
    expect(edit.output).toContain('-y = 1\n+y = 2');
    const ambiguous = await previewChangeTool(
      { tool: 'edit_file', arguments: { path: 'e.txt', old_string: '= 1', new_string: '= 2' } },
      t.context(),
    );
    expect(ambiguous.error?.code).toBe('match_count');
    const outside = await previewChangeTool(
      { tool: 'write_file', arguments: { path: '../outside/x', content: '' } },
      t.context(),
    );
    expect(outside.error?.code).toBe('outside_workspace');
  });
});
