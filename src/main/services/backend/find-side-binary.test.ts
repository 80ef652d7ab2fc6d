import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { executableName, firstExecutable, sideBinaryCandidates } from './find-side-binary';

describe('side binaries', () => {
  it('looks in bin/<backend>/ of each bin dir, GPU builds first', () => {
    expect(sideBinaryCandidates(['/a', '/b'], 'llama-tts')).toEqual(
      ['cuda', 'vulkan', 'opencl', 'cpu'].flatMap((kind) => [
        join('/a', kind, 'llama-tts'),
        join('/b', kind, 'llama-tts'),
      ]),
    );
    expect(executableName('whisper-cli')).toBe(process.platform === 'win32' ? 'whisper-cli.exe' : 'whisper-cli');
  });

  it('takes the first executable one in the order given, passing over the missing ones', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eva-find-side-'));
    try {
      const [cpu, later] = [join(dir, 'bin', 'cpu', 'tool'), join(dir, 'other', 'cpu', 'tool')];
      for (const path of [cpu, later]) {
        await mkdir(join(path, '..'), { recursive: true });
        await writeFile(path, '#!/bin/sh\n', { mode: 0o755 });
      }
      const missing = join(dir, 'bin', 'cuda', 'tool');
      expect(await firstExecutable([missing, cpu, later])).toBe(cpu);
      expect(await firstExecutable([later, cpu])).toBe(later);
      expect(await firstExecutable([missing])).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
