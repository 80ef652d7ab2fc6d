import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findWhisperSource, whisperVersionOf } from './whisper-source';

describe('whisperVersionOf', () => {
  it("reads the version from whisper.cpp's project() line", () => {
    expect(
      whisperVersionOf(
        'cmake_minimum_required(VERSION 3.5)\nproject("whisper.cpp" C CXX)\nproject("whisper.cpp" VERSION 1.9.1)\n',
      ),
    ).toBe('1.9.1');
    expect(whisperVersionOf('project(whisper.cpp VERSION 1.7.0)')).toBe('1.7.0');
    expect(whisperVersionOf('project("llama.cpp" C CXX)')).toBeNull();
  });
});

describe('findWhisperSource', () => {
  it('finds the whisper.cpp 1.9.1 tree that nodejs-whisper ships', async () => {
    const source = await findWhisperSource(resolve(import.meta.dirname, '..', '..'));
    expect(source.version).toBe('1.9.1');
    expect(source.dir).toMatch(/nodejs-whisper[\\/]cpp[\\/]whisper\.cpp$/);
    expect(source.packageVersion).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('says to run npm install when the package is missing', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'eva-no-whisper-'));
    await expect(findWhisperSource(empty)).rejects.toThrow(/npm install/);
  });
});
