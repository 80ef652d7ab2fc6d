// A throwaway workspace with a sibling "outside" directory, for tests that
// attack confinement and must prove nothing outside was touched.
import { mkdtemp, mkdir, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolExecContext } from '@main/services/tools/tool-executor';

export interface TempWorkspace {
  base: string;
  workspace: string;
  outside: string;
  /** a file outside the workspace whose content must never change */
  secret: string;
  context: (signal?: AbortSignal) => ToolExecContext;
  cleanup: () => Promise<void>;
}

export const SECRET_CONTENT = 'outside — must stay untouched\n';

export async function makeTempWorkspace(): Promise<TempWorkspace> {
  const base = await realpath(await mkdtemp(join(tmpdir(), 'eva-tools-')));
  const workspace = join(base, 'workspace');
  const outside = join(base, 'outside');
  await mkdir(workspace);
  await mkdir(outside);
  const secret = join(outside, 'secret.txt');
  await writeFile(secret, SECRET_CONTENT);
  return {
    base,
    workspace,
    outside,
    secret,
    context: (signal) => ({
      workspaceDir: workspace,
      signal: signal ?? new AbortController().signal,
      reportChild: () => undefined,
    }),
    cleanup: () => rm(base, { recursive: true, force: true }),
  };
}
