// `app:open-folder` in the browser host, with a real process: a small script named
// like the platform's opener (xdg-open; open on macOS) put first on PATH writes its
// arguments and its pid to a file, and the core starts it through the process
// lifecycle. A folder the Settings page does not show starts nothing; with no opener
// on PATH the call says so; an opener still running when the app quits is stopped.
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Core } from '@main/core-options';
import { isAlive } from '@main/services/process/kill-tree';
import { createTestCore } from '@test-support/test-core';

const OPENER = process.platform === 'darwin' ? 'open' : 'xdg-open';
const savedPath = process.env.PATH;
let scratch: string;
let binDir: string;
let record: string;
let core: Core;
/** set once a test has disposed the core itself */
let disposed = false;

/** The opener stand-in: one line per argument, then its pid; it waits while `hold` exists, as a file manager might. */
async function installOpener(): Promise<void> {
  const script = [
    '#!/bin/sh',
    `for arg in "$@"; do printf 'arg %s\\n' "$arg" >> '${record}'; done`,
    `printf 'pid %s\\n' "$$" >> '${record}'`,
    `while [ -e '${join(scratch, 'hold')}' ]; do sleep 0.1; done`,
  ].join('\n');
  await writeFile(join(binDir, OPENER), `${script}\n`);
  await chmod(join(binDir, OPENER), 0o755);
}

const recorded = async (): Promise<string[]> =>
  existsSync(record) ? (await readFile(record, 'utf8')).trim().split('\n') : [];

beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'eva-opener-'));
  binDir = join(scratch, 'bin');
  record = join(scratch, 'opened.txt');
  await mkdir(binDir);
  await installOpener();
  process.env.PATH = `${binDir}${delimiter}${savedPath ?? ''}`;
  core = await createTestCore(join(scratch, 'data'));
  disposed = false;
});
afterEach(async () => {
  process.env.PATH = savedPath;
  if (!disposed) await core.dispose();
  await rm(scratch, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')(`app:open-folder with a real ${OPENER} on PATH (POSIX)`, () => {
  it('starts the opener with the folder the Settings page shows, and waits for it', async () => {
    const logs = join(scratch, 'data', 'logs');
    await expect(core.handlers['app:open-folder']({ path: logs })).resolves.toEqual({ path: logs });
    const lines = await recorded();
    expect(lines.filter((line) => line.startsWith('arg '))).toEqual([`arg ${logs}`]);
    const pid = Number(lines.find((line) => line.startsWith('pid '))?.slice(4));
    expect(core.processes.pids()).not.toContain(pid);
  });

  it('refuses a folder outside the ones the page shows, starting nothing', async () => {
    for (const path of [scratch, binDir, join(scratch, 'data', 'history')])
      await expect(core.handlers['app:open-folder']({ path })).rejects.toMatchObject({
        code: 'forbidden',
        details: { reason: 'open_folder_not_shown' },
      });
    expect(await recorded()).toEqual([]);
  });

  it('with no opener on PATH, says no program to open folders was found', async () => {
    process.env.PATH = join(scratch, 'empty');
    await expect(core.handlers['app:open-folder']({ path: join(scratch, 'data') })).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringMatching(new RegExp(`^no program to open folders was found: could not start "${OPENER}"`)),
      details: { reason: 'open_folder_no_opener', command: OPENER },
    });
  });

  it('an opener still running when the app quits is stopped with it', async () => {
    await writeFile(join(scratch, 'hold'), '');
    const opening = core.handlers['app:open-folder']({ path: join(scratch, 'data') }).catch((error: unknown) => error);
    await vi.waitFor(async () => expect((await recorded()).some((line) => line.startsWith('pid '))).toBe(true), {
      timeout: 10_000,
    });
    const pid = Number((await recorded()).find((line) => line.startsWith('pid '))?.slice(4));
    expect(core.processes.pids()).toContain(pid);
    disposed = true;
    await core.dispose();
    expect(isAlive(pid)).toBe(false);
    expect(await opening).toMatchObject({ details: { reason: 'open_folder_failed', command: OPENER } });
  });
});
