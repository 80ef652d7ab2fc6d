import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fitMemoryKey, openFitMemory } from './fit-memory';

describe('remembered fits', () => {
  it('survive a reopen of the file, and forget drops one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eva-fit-'));
    const file = join(dir, 'fit-memory.json');
    const first = await openFitMemory(file);
    await first.remember('a', { gpuLayers: 20, contextSize: 4096 });
    await first.remember('b', { gpuLayers: 0, contextSize: 1024 });
    const again = await openFitMemory(file);
    expect(again.recall('a')).toEqual({ gpuLayers: 20, contextSize: 4096 });
    await again.forget('a');
    expect((await openFitMemory(file)).recall('a')).toBeNull();
    expect((await openFitMemory(file)).recall('b')).toEqual({ gpuLayers: 0, contextSize: 1024 });
  });

  it('a damaged file starts empty, says so, and is replaced by the next save', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eva-fit-'));
    const file = join(dir, 'fit-memory.json');
    await writeFile(file, '{"version":1,"entries":{"a":{"gpuLay');
    const lines: string[] = [];
    const memory = await openFitMemory(file, (line) => lines.push(line));
    expect(memory.recall('a')).toBeNull();
    expect(lines.join('\n')).toMatch(/could not be read and start empty/);
    await memory.remember('c', { gpuLayers: 1, contextSize: 512 });
    expect(JSON.parse(await readFile(file, 'utf8')).entries.c).toMatchObject({ gpuLayers: 1, contextSize: 512 });
  });

  it('the key changes with the settings, the model file and the devices', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eva-fit-'));
    const model = join(dir, 'm.gguf');
    await writeFile(model, 'one');
    const key = await fitMemoryKey('launch', model, 'CUDA0 8192');
    expect(await fitMemoryKey('launch', model, 'CUDA0 8192')).toBe(key);
    expect(await fitMemoryKey('launch2', model, 'CUDA0 8192')).not.toBe(key);
    expect(await fitMemoryKey('launch', model, 'CUDA0 24576')).not.toBe(key);
    await writeFile(model, 'a longer model');
    expect(await fitMemoryKey('launch', model, 'CUDA0 8192')).not.toBe(key);
    expect(await fitMemoryKey('launch', join(dir, 'missing.gguf'), '')).toBeNull();
  });
});
