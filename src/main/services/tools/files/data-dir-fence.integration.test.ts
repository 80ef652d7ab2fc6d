// The file tools refuse EVA's own data dir even when the workspace contains it
// (a workspace at the home folder holds ~/.config/eva-desktop): one approved write
// to mcp.json or settings.json would otherwise grant unasked execution for good.
// The default workspace, which lives in the data dir, stays usable. Real files,
// and the real tool worker for the end-to-end case.
import { mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { previewChangeTool } from './change-preview';
import { editFileTool } from './edit-file';
import { executeCommandTool } from '../shell/execute-command';
import { listFilesTool } from './list-files';
import { readFileTool } from './read-file';
import { makeTestRunner } from '@test-support/tools/test-runner';
import type { ToolExecContext } from '../tool-executor';
import { writeFileTool } from './write-file';

const MCP_CONFIG = '{"servers":{}}\n';
let home: string;
let dataDir: string;
let context: (workspaceDir?: string) => ToolExecContext;

beforeEach(async () => {
  home = await realpath(await mkdtemp(join(tmpdir(), 'eva-fence-')));
  dataDir = join(home, '.config', 'eva-desktop');
  await mkdir(join(dataDir, 'workspace'), { recursive: true });
  await writeFile(join(dataDir, 'mcp.json'), MCP_CONFIG);
  await writeFile(join(dataDir, 'settings.json'), '{}\n');
  await writeFile(join(dataDir, 'workspace', 'notes.txt'), 'mine\n');
  await writeFile(join(home, 'todo.txt'), 'buy milk\n');
  context = (workspaceDir = home) => ({
    workspaceDir,
    signal: new AbortController().signal,
    reportChild: () => undefined,
    fence: { dir: dataDir, allowed: [join(dataDir, 'workspace')] },
  });
});
afterEach(() => rm(home, { recursive: true, force: true }));

describe("the file tools and EVA's data dir", () => {
  it('refuse to read, write, edit or preview a file in it, though the workspace contains it', async () => {
    const target = '.config/eva-desktop/mcp.json';
    expect((await readFileTool({ path: target }, context())).error?.code).toBe('protected_path');
    expect(
      (await writeFileTool({ path: target, content: '{"servers":{"x":{"command":"sh"}}}' }, context())).error?.code,
    ).toBe('protected_path');
    expect((await editFileTool({ path: target, old_string: '{}', new_string: '{"x":1}' }, context())).error?.code).toBe(
      'protected_path',
    );
    expect(
      (await previewChangeTool({ tool: 'write_file', arguments: { path: target, content: 'x' } }, context())).error
        ?.code,
    ).toBe('protected_path');
    expect(
      (await writeFileTool({ path: '.config/eva-desktop/new-file.json', content: 'x' }, context())).error?.code,
    ).toBe('protected_path');
    expect((await readFileTool({ path: join(dataDir, 'settings.json') }, context())).error?.code).toBe(
      'protected_path',
    );
    expect(await readFile(join(dataDir, 'mcp.json'), 'utf8')).toBe(MCP_CONFIG);
  });

  it('refuse a symbolic link into it, and listing or searching inside it', async () => {
    await symlink(dataDir, join(home, 'innocent'));
    expect((await readFileTool({ path: 'innocent/mcp.json' }, context())).error?.code).toBe('protected_path');
    expect((await listFilesTool({ path: '.config/eva-desktop' }, context())).error?.code).toBe('protected_path');
    const search = await listFilesTool({ path: '.', pattern: '**/*.json' }, context());
    expect(search.status).toBe('ok');
    expect(search.output).not.toContain('mcp.json');
    expect(search.output).not.toContain('settings.json');
  });

  it('still work on the rest of the workspace and in the default workspace inside the data dir', async () => {
    expect(await readFileTool({ path: 'todo.txt' }, context())).toMatchObject({ status: 'ok', output: 'buy milk' });
    expect(await readFileTool({ path: '.config/eva-desktop/workspace/notes.txt' }, context())).toMatchObject({
      status: 'ok',
    });
    const inner = join(dataDir, 'workspace');
    expect(await writeFileTool({ path: 'out.txt', content: 'ok' }, context(inner))).toMatchObject({ status: 'ok' });
    expect((await listFilesTool({ path: '.', pattern: '**/*.txt' }, context())).output).toContain(
      '.config/eva-desktop/workspace/notes.txt',
    );
  });

  it('refuse a workspace that is the data dir itself, for commands too', async () => {
    expect((await readFileTool({ path: 'mcp.json' }, context(dataDir))).error?.code).toBe('protected_path');
    expect((await executeCommandTool({ command: 'echo hi' }, context(dataDir))).error?.code).toBe('protected_path');
  });

  it('hold through the real tool worker, which gets the fence from the runner', async () => {
    const runner = makeTestRunner(undefined, { fence: { dir: dataDir, allowed: [join(dataDir, 'workspace')] } });
    try {
      const refused = await runner.run({
        tool: 'read_file',
        args: { path: '.config/eva-desktop/settings.json' },
        workspaceDir: home,
      });
      expect(refused.error?.code).toBe('protected_path');
      expect(await runner.run({ tool: 'read_file', args: { path: 'todo.txt' }, workspaceDir: home })).toMatchObject({
        status: 'ok',
      });
    } finally {
      await runner.dispose();
    }
  });
});
