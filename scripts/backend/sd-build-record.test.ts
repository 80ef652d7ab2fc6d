import { describe, expect, it } from 'vitest';
import { parseSdBuildInfo, sdRebuildReason, type SdBuildInfo } from './sd-build-record';

const PIN = '97d2990807fe6d558e395f8764198d7c7e7b411c';
const recorded: SdBuildInfo = {
  backend: 'cpu',
  sdCommit: PIN,
  source: 'git https://github.com/leejet/stable-diffusion.cpp',
  cmakeFlags: ['-DA=1'],
  builtAt: '2026-01-01T00:00:00.000Z',
};
const wanted = { backend: 'cpu' as const, sdCommit: PIN, cmakeFlags: ['-DA=1'] };

describe('sdRebuildReason', () => {
  it('nothing to do when binary, commit, backend and flags match', () => {
    expect(sdRebuildReason({ recorded, binaryExecutable: true, wanted, force: false })).toBeNull();
  });

  it('names why it must be built', () => {
    expect(sdRebuildReason({ recorded, binaryExecutable: false, wanted, force: false })).toMatch(
      /no executable sd-cli/,
    );
    expect(sdRebuildReason({ recorded: null, binaryExecutable: true, wanted, force: false })).toMatch(
      /no valid sd-cli\.build\.json/,
    );
    expect(
      sdRebuildReason({
        recorded: { ...recorded, sdCommit: 'local:/src/sd' },
        binaryExecutable: true,
        wanted,
        force: false,
      }),
    ).toBe('stable-diffusion.cpp changed (local:/src/sd → 97d29908)');
    expect(
      sdRebuildReason({ recorded, binaryExecutable: true, wanted: { ...wanted, cmakeFlags: [] }, force: false }),
    ).toBe('cmake flags changed');
  });
});

describe('parseSdBuildInfo', () => {
  it('reads back what the build writes, and refuses another binary’s record', () => {
    expect(parseSdBuildInfo(JSON.stringify(recorded))).toEqual(recorded);
    expect(parseSdBuildInfo('{"backend":"cpu"')).toBeNull();
    expect(
      parseSdBuildInfo(
        JSON.stringify({ backend: 'cpu', whisperVersion: '1.9.1', source: 's', cmakeFlags: [], builtAt: 'x' }),
      ),
    ).toBeNull();
  });
});
