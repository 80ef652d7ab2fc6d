import { describe, expect, it } from 'vitest';
import { parseWhisperBuildInfo, whisperRebuildReason, type WhisperBuildInfo } from './whisper-build-record';

const recorded: WhisperBuildInfo = {
  backend: 'cpu',
  whisperVersion: '1.9.1',
  source: 'nodejs-whisper@0.3.1 cpp/whisper.cpp',
  cmakeFlags: ['-DA=1', '-DB=2'],
  builtAt: '2026-01-01T00:00:00.000Z',
};
const wanted = { backend: 'cpu' as const, whisperVersion: '1.9.1', cmakeFlags: ['-DA=1', '-DB=2'] };

describe('whisperRebuildReason', () => {
  it('nothing to do when binary, version, backend and flags all match', () => {
    expect(whisperRebuildReason({ recorded, binaryExecutable: true, wanted, force: false })).toBeNull();
  });

  it('names the reason for a rebuild', () => {
    expect(whisperRebuildReason({ recorded, binaryExecutable: true, wanted, force: true })).toMatch(/forced/);
    expect(whisperRebuildReason({ recorded, binaryExecutable: false, wanted, force: false })).toMatch(
      /no executable whisper-cli/,
    );
    expect(whisperRebuildReason({ recorded: null, binaryExecutable: true, wanted, force: false })).toMatch(
      /no valid whisper-cli\.build\.json/,
    );
    expect(
      whisperRebuildReason({
        recorded: { ...recorded, backend: 'cuda' },
        binaryExecutable: true,
        wanted,
        force: false,
      }),
    ).toMatch(/is for cuda/);
    expect(
      whisperRebuildReason({
        recorded: { ...recorded, whisperVersion: '1.8.0' },
        binaryExecutable: true,
        wanted,
        force: false,
      }),
    ).toBe('whisper.cpp changed (1.8.0 → 1.9.1)');
    expect(
      whisperRebuildReason({
        recorded: { ...recorded, cmakeFlags: ['-DA=1'] },
        binaryExecutable: true,
        wanted,
        force: false,
      }),
    ).toBe('cmake flags changed');
    expect(
      whisperRebuildReason({
        recorded: { ...recorded, cmakeFlags: ['-DB=2', '-DA=1'] },
        binaryExecutable: true,
        wanted,
        force: false,
      }),
    ).toBe('cmake flags changed');
  });
});

describe('parseWhisperBuildInfo', () => {
  it('reads back what the build writes', () => {
    expect(parseWhisperBuildInfo(JSON.stringify(recorded))).toEqual(recorded);
  });

  it('a torn, foreign or hand-broken record means "rebuild"', () => {
    expect(parseWhisperBuildInfo('{"backend":"cpu","whisperVer')).toBeNull();
    expect(parseWhisperBuildInfo('null')).toBeNull();
    expect(parseWhisperBuildInfo(JSON.stringify({ ...recorded, backend: 'metal' }))).toBeNull();
    expect(parseWhisperBuildInfo(JSON.stringify({ ...recorded, cmakeFlags: [1] }))).toBeNull();
    // llama-server's build.json is not a whisper record.
    expect(
      parseWhisperBuildInfo(
        JSON.stringify({ backend: 'cpu', llamaCppCommit: 'abc', source: 's', cmakeFlags: [], builtAt: 'x' }),
      ),
    ).toBeNull();
  });
});
