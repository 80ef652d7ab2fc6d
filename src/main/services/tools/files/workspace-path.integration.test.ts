import { link, mkdir, readdir, readFile, rename, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { previewChangeTool } from './change-preview';
import { editFileTool } from './edit-file';
import { readFileTool } from './read-file';
import { listFilesTool } from './list-files';
import { makeTempWorkspace, SECRET_CONTENT, type TempWorkspace } from '@test-support/tools/temp-workspace';
import { makeTestRunner } from '@test-support/tools/test-runner';
import { resolveWorkspacePath } from './workspace-path';
import { writeFileTool } from './write-file';

let t: TempWorkspace;
beforeEach(async () => {
  t = await makeTempWorkspace();
  await writeFile(join(t.workspace, 'inside.txt'), 'hello\n');
  await mkdir(join(t.workspace, 'sub'));
});
afterEach(() => t.cleanup());

const outsideUntouched = async () => {
  expect(await readFile(t.secret, 'utf8')).toBe(SECRET_CONTENT);
  expect((await readdir(t.outside)).sort()).toEqual(['secret.txt']);
};

describe('resolveWorkspacePath', () => {
  it('resolves paths inside, existing or not', async () => {
    const existing = await resolveWorkspacePath(t.workspace, 'inside.txt');
    expect(existing).toMatchObject({
      ok: true,
      value: { path: join(t.workspace, 'inside.txt'), relative: 'inside.txt', exists: true },
    });
    const fresh = await resolveWorkspacePath(t.workspace, 'new/dir/file.txt');
    expect(fresh).toMatchObject({
      ok: true,
      value: { path: join(t.workspace, 'new/dir/file.txt'), relative: 'new/dir/file.txt', exists: false },
    });
    expect(await resolveWorkspacePath(t.workspace, join(t.workspace, 'sub'))).toMatchObject({
      ok: true,
      value: { relative: 'sub' },
    });
  });

  it('follows a symlink that stays inside', async () => {
    await symlink(join(t.workspace, 'inside.txt'), join(t.workspace, 'alias.txt'));
    expect(await resolveWorkspacePath(t.workspace, 'alias.txt')).toMatchObject({
      ok: true,
      value: { path: join(t.workspace, 'inside.txt') },
    });
  });

  it('reports a missing workspace', async () => {
    expect(await resolveWorkspacePath(join(t.base, 'nope'), 'a')).toMatchObject({
      ok: false,
      error: { code: 'workspace_missing' },
    });
  });
});

describe('confinement attack table: refused, nothing written outside', () => {
  const writeAttack = async (path: string) => writeFileTool({ path, content: 'pwned' }, t.context());

  it.each([
    ['../outside/secret.txt'],
    ['../../../../../../../../etc/passwd'],
    ['sub/../../outside/secret.txt'],
    ['./../outside/new.txt'],
  ])('`..` chain %s', async (path) => {
    const result = await writeAttack(path);
    expect(result.error?.code).toBe('outside_workspace');
    expect((await readFileTool({ path }, t.context())).error?.code).toBe('outside_workspace');
    await outsideUntouched();
  });

  it('absolute paths outside', async () => {
    for (const path of [t.secret, join(t.outside, 'new.txt'), '/etc/passwd', '/tmp/eva-escape.txt']) {
      expect((await writeAttack(path)).error?.code).toBe('outside_workspace');
    }
    await outsideUntouched();
  });

  it('a symlink to /etc and a symlink to a file outside', async () => {
    await symlink('/etc', join(t.workspace, 'etc-link'));
    await symlink(t.secret, join(t.workspace, 'secret-link.txt'));
    expect((await readFileTool({ path: 'etc-link/passwd' }, t.context())).error?.code).toBe('outside_workspace');
    expect((await listFilesTool({ path: 'etc-link' }, t.context())).error?.code).toBe('outside_workspace');
    expect((await writeAttack('etc-link/evil.conf')).error?.code).toBe('outside_workspace');
    expect((await readFileTool({ path: 'secret-link.txt' }, t.context())).error?.code).toBe('outside_workspace');
    expect((await writeAttack('secret-link.txt')).error?.code).toBe('outside_workspace');
    expect(
      (await editFileTool({ path: 'secret-link.txt', old_string: 'outside', new_string: 'x' }, t.context())).error
        ?.code,
    ).toBe('outside_workspace');
    await outsideUntouched();
  });

  it('a symlinked parent directory', async () => {
    await symlink(t.outside, join(t.workspace, 'linked-dir'));
    expect((await writeAttack('linked-dir/new.txt')).error?.code).toBe('outside_workspace');
    expect((await writeAttack('linked-dir/deeper/new.txt')).error?.code).toBe('outside_workspace');
    expect((await writeAttack('linked-dir/secret.txt')).error?.code).toBe('outside_workspace');
    await outsideUntouched();
  });

  it('a dangling symlink pointing outside', async () => {
    await symlink(join(t.outside, 'not-yet.txt'), join(t.workspace, 'dangling.txt'));
    expect((await writeAttack('dangling.txt')).error?.code).toBe('outside_workspace');
    await outsideUntouched();
  });

  it('a parent that becomes a symlink between the check and the write', async () => {
    await mkdir(join(t.workspace, 'race'));
    const result = await writeFileTool({ path: 'race/file.txt', content: 'pwned' }, t.context(), {
      beforeWrite: async () => {
        await rename(join(t.workspace, 'race'), join(t.workspace, 'race-moved'));
        await symlink(t.outside, join(t.workspace, 'race'));
      },
    });
    expect(result.error?.code).toBe('outside_workspace');
    await outsideUntouched();
  });

  it('a target file that becomes a symlink between the check and the write', async () => {
    const edit = await editFileTool({ path: 'inside.txt', old_string: 'hello', new_string: 'pwned' }, t.context(), {
      beforeWrite: async () => {
        await rename(join(t.workspace, 'inside.txt'), join(t.workspace, 'moved.txt'));
        await symlink(t.secret, join(t.workspace, 'inside.txt'));
      },
    });
    expect(edit.error?.code).toBe('outside_workspace');
    await outsideUntouched();
  });

  it('a hard link inside to a file outside: not read, not edited, not previewed; a write replaces only the inside name', async () => {
    await link(t.secret, join(t.workspace, 'hard.txt'));
    const read = await readFileTool({ path: 'hard.txt' }, t.context());
    expect(read).toMatchObject({
      status: 'error',
      output: '',
      error: { code: 'outside_workspace', message: expect.stringContaining('2 hard links'), details: { hardLinks: 2 } },
    });
    expect(JSON.stringify(read)).not.toContain('must stay untouched');
    // An edit would copy the outside text in (and its match count alone would leak it).
    const edit = await editFileTool({ path: 'hard.txt', old_string: 'outside', new_string: 'pwned' }, t.context());
    expect(edit.error).toMatchObject({ code: 'outside_workspace', message: expect.stringContaining('hard links') });
    expect(
      (
        await previewChangeTool(
          { tool: 'edit_file', arguments: { path: 'hard.txt', old_string: 'outside', new_string: 'x' } },
          t.context(),
        )
      ).error?.code,
    ).toBe('outside_workspace');
    const overwrite = await previewChangeTool(
      { tool: 'write_file', arguments: { path: 'hard.txt', content: 'pwned' } },
      t.context(),
    );
    expect(overwrite).toMatchObject({ status: 'ok', details: { diffable: false } });
    expect(overwrite.output).toContain('hard links');
    expect(overwrite.output).not.toContain('must stay untouched');
    await outsideUntouched();

    expect(await writeAttack('hard.txt')).toMatchObject({ status: 'ok' });
    expect(await readFile(join(t.workspace, 'hard.txt'), 'utf8')).toBe('pwned');
    expect((await stat(join(t.workspace, 'hard.txt'))).ino).not.toBe((await stat(t.secret)).ino);
    await outsideUntouched();
  });

  it('a hard link whose other name is inside too is refused alike (nothing tells where the other name is)', async () => {
    await link(join(t.workspace, 'inside.txt'), join(t.workspace, 'sub/twin.txt'));
    expect((await readFileTool({ path: 'sub/twin.txt' }, t.context())).error?.code).toBe('outside_workspace');
    expect((await readFileTool({ path: 'inside.txt' }, t.context())).error?.code).toBe('outside_workspace');
  });

  it('a hard link to a file outside, through the real files worker', async () => {
    await link(t.secret, join(t.workspace, 'hard.txt'));
    const runner = makeTestRunner();
    try {
      const read = await runner.run({ tool: 'read_file', args: { path: 'hard.txt' }, workspaceDir: t.workspace });
      expect(read.error).toMatchObject({ code: 'outside_workspace', message: expect.stringContaining('hard links') });
      const edit = await runner.run({
        tool: 'edit_file',
        args: { path: 'hard.txt', old_string: 'outside', new_string: 'pwned' },
        workspaceDir: t.workspace,
      });
      expect(edit.error?.code).toBe('outside_workspace');
    } finally {
      await runner.dispose();
    }
    await outsideUntouched();
  });

  it('very long paths and NUL bytes', async () => {
    expect((await writeAttack('a/'.repeat(2100) + 'x')).error?.code).toBe('invalid_path');
    expect((await writeAttack(`${'n'.repeat(300)}.txt`)).error?.code).toBe('invalid_path');
    expect((await writeAttack('inside.txt\0../../outside/secret.txt')).error?.code).toBe('invalid_path');
    expect((await readFileTool({ path: 'inside.txt\0' }, t.context())).error?.code).toBe('invalid_path');
    await outsideUntouched();
  });

  it('Windows device names and alternate data streams', async () => {
    for (const path of ['CON', 'nul.txt', 'sub/COM1', 'inside.txt:hidden', 'inside.txt::$DATA']) {
      expect((await writeAttack(path)).error?.code).toBe('invalid_path');
    }
    expect((await readdir(t.workspace)).sort()).toEqual(['inside.txt', 'sub']);
  });
});
