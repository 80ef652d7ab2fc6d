import { describe, expect, it } from 'vitest';
import type { BuildInfo } from '@shared/contract';
import { buildDirConflict, parseBuildInfo, rebuildReason } from './build-cache';
import { cmakeFlags } from './cmake-flags';

const commit = 'a'.repeat(40);
const recorded: BuildInfo = {
  backend: 'cpu',
  llamaCppCommit: commit,
  source: 'node-llama-cpp@3.22.1 llama/gitRelease.bundle',
  cmakeFlags: cmakeFlags('cpu', { portable: false }),
  builtAt: '2026-01-01T00:00:00.000Z',
};
const wanted = { backend: 'cpu' as const, llamaCppCommit: commit, cmakeFlags: cmakeFlags('cpu', { portable: false }) };
const current = { recorded, binaryExecutable: true, wanted, force: false };

describe('rebuildReason', () => {
  it('is null (a no-op) when commit, backend and flags match and the binary is there', () => {
    expect(rebuildReason(current)).toBeNull();
  });

  it('rebuilds when forced, even when current', () => {
    expect(rebuildReason({ ...current, force: true })).toMatch(/forced/);
  });

  it('rebuilds when the binary is missing or not executable, whatever build.json says', () => {
    expect(rebuildReason({ ...current, binaryExecutable: false })).toMatch(/no executable/);
  });

  it('rebuilds when build.json is missing', () => {
    expect(rebuildReason({ ...current, recorded: null })).toMatch(/build\.json/);
  });

  it('rebuilds when the recorded backend, commit or flags differ, and says which', () => {
    expect(rebuildReason({ ...current, recorded: { ...recorded, backend: 'cuda' } })).toMatch(/for cuda/);
    expect(rebuildReason({ ...current, wanted: { ...wanted, llamaCppCommit: 'b'.repeat(40) } })).toMatch(
      /aaaaaaaa → bbbbbbbb/,
    );
    expect(
      rebuildReason({ ...current, wanted: { ...wanted, cmakeFlags: cmakeFlags('cpu', { portable: true }) } }),
    ).toMatch(/flags/);
    expect(
      rebuildReason({ ...current, wanted: { ...wanted, cmakeFlags: [...wanted.cmakeFlags, '-DEXTRA=ON'] } }),
    ).toMatch(/flags/);
  });

  it('treats a reordered flag list as a change (cmake order can matter)', () => {
    expect(rebuildReason({ ...current, wanted: { ...wanted, cmakeFlags: [...wanted.cmakeFlags].reverse() } })).toMatch(
      /flags/,
    );
  });
});

describe('parseBuildInfo', () => {
  it('reads what the build writes', () => {
    expect(parseBuildInfo(JSON.stringify(recorded, null, 2))).toEqual(recorded);
  });

  it('returns null for torn, foreign or hand-broken files', () => {
    expect(parseBuildInfo('')).toBeNull();
    expect(parseBuildInfo('{"backend":"cpu",')).toBeNull();
    expect(parseBuildInfo('null')).toBeNull();
    expect(parseBuildInfo('[]')).toBeNull();
    expect(parseBuildInfo(JSON.stringify({ ...recorded, backend: 'metal' }))).toBeNull();
    expect(parseBuildInfo(JSON.stringify({ ...recorded, cmakeFlags: '-DX=ON' }))).toBeNull();
    expect(parseBuildInfo(JSON.stringify({ ...recorded, cmakeFlags: [1] }))).toBeNull();
    const { llamaCppCommit: _dropped, ...withoutCommit } = recorded;
    expect(parseBuildInfo(JSON.stringify(withoutCommit))).toBeNull();
  });
});

describe('buildDirConflict', () => {
  const cache =
    'CMAKE_CACHEFILE_DIR:INTERNAL=/r/.cache/llama.cpp/build-cpu\nCMAKE_GENERATOR:INTERNAL=Unix Makefiles\nCMAKE_HOME_DIRECTORY:INTERNAL=/r/.cache/llama.cpp/src\n';
  const same = (a: string, b: string) => a === b;

  it('reuses a build dir configured for this source and generator', () => {
    expect(buildDirConflict(cache, { sourceDir: '/r/.cache/llama.cpp/src' }, same)).toBeNull();
    expect(
      buildDirConflict(cache, { sourceDir: '/r/.cache/llama.cpp/src', generator: 'Unix Makefiles' }, same),
    ).toBeNull();
    expect(buildDirConflict('', { sourceDir: '/anything' }, same)).toBeNull();
  });

  it('names a moved source tree or a changed generator', () => {
    expect(buildDirConflict(cache, { sourceDir: '/moved/.cache/llama.cpp/src' }, same)).toMatch(
      /configured for \/r\/.cache/,
    );
    expect(buildDirConflict(cache, { sourceDir: '/r/.cache/llama.cpp/src', generator: 'Ninja' }, same)).toMatch(
      /Unix Makefiles generator, not Ninja/,
    );
  });

  it('handles CRLF caches', () => {
    expect(
      buildDirConflict(
        cache.replaceAll('\n', '\r\n'),
        { sourceDir: '/r/.cache/llama.cpp/src', generator: 'Unix Makefiles' },
        same,
      ),
    ).toBeNull();
  });
});
