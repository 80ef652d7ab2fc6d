import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LaunchSpec, ManagedProcess } from '../process/launch';
import type { Launch } from '../process/process-lifecycle';
import { runWhisper } from './whisper-runner';

let tempRoot: string;

beforeEach(async () => {
  tempRoot = await mkdtemp(join(tmpdir(), 'eva-whisper-runner-'));
});

afterEach(async () => {
  await rm(tempRoot, { recursive: true, force: true });
});

/** A whisper-cli stand-in that does `write` to the transcript path, then exits 0. */
function fakeLaunch(write: (transcriptPath: string) => Promise<void>): Launch {
  return (spec: LaunchSpec) => {
    const exited = write(join(spec.cwd ?? '', 'transcript.txt')).then(() => ({
      code: 0,
      signal: null,
      spawnError: null,
      why: 'exited' as const,
      lastLines: [],
      durationMs: 0,
    }));
    return { name: spec.name, pid: null, exited } as unknown as ManagedProcess;
  };
}

const run = (launch: Launch) =>
  runWhisper({
    cliPath: 'whisper-cli',
    modelPath: 'model.bin',
    wav: new Uint8Array(44),
    language: 'auto',
    timeoutMs: 5_000,
    launch,
    tempRoot,
  });

describe('runWhisper', () => {
  it('returns the transcript whisper-cli wrote', async () => {
    expect(await run(fakeLaunch((path) => writeFile(path, 'hello\n')))).toContain('hello');
  });

  it('judges a run that wrote no transcript', async () => {
    await expect(run(fakeLaunch(async () => {}))).rejects.toMatchObject({ code: expect.any(String) });
  });

  // Root reads any file whatever its mode, so a folder in the transcript's place (EISDIR)
  // stands in for a transcript that is there but cannot be read.
  it('reports a transcript it cannot read as that failure, not as "wrote nothing"', async () => {
    await expect(run(fakeLaunch((path) => mkdir(path)))).rejects.toMatchObject({ code: 'EISDIR' });
  });
});
