// Installing convert_hf_to_gguf.py into bin/convert/ from the pinned llama.cpp
// tree (the real one in .cache, linked into a temporary repo root).
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAssets } from '@test-support/test-assets';
import { CONVERT_PARTS, ensureConvertScript } from './convert-script';
import { llamaSourceDir } from './llama-source';

let root = '';

beforeAll(async () => {
  const source = llamaSourceDir(testAssets.root);
  if (!existsSync(join(source, 'convert_hf_to_gguf.py')))
    throw new Error(`no llama.cpp tree at ${source}: run \`npm test\` (it provisions it) or \`npm run backend:build\``);
  root = await mkdtemp(join(tmpdir(), 'eva-convert-script-'));
  await mkdir(join(root, '.cache', 'llama.cpp'), { recursive: true });
  await symlink(source, llamaSourceDir(root), 'dir');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('ensureConvertScript', () => {
  it('copies the script and what it imports, records the commit, and leaves a current install alone', async () => {
    const lines: string[] = [];
    const first = await ensureConvertScript({ repoRoot: root, log: (line) => lines.push(line) });
    expect(first).toEqual({ dir: join(root, 'bin', 'convert'), installed: true });
    for (const part of CONVERT_PARTS) expect(existsSync(join(first.dir, part)), part).toBe(true);
    expect(existsSync(join(first.dir, 'conversion', 'llama.py'))).toBe(true);
    expect(existsSync(join(first.dir, 'gguf-py', 'gguf', 'gguf_writer.py'))).toBe(true);
    expect((await readdir(join(first.dir, 'conversion'))).some((name) => name === '__pycache__')).toBe(false);
    const record = JSON.parse(await readFile(join(first.dir, 'convert.json'), 'utf8')) as { llamaCppCommit: string };
    expect(record.llamaCppCommit).toMatch(/^[0-9a-f]{40}$/);

    expect(await ensureConvertScript({ repoRoot: root, log: (line) => lines.push(line) })).toMatchObject({
      installed: false,
    });
    expect(lines.at(-1)).toMatch(/up to date/);
    expect(await ensureConvertScript({ repoRoot: root, force: true })).toMatchObject({ installed: true });
    // Swapped in whole: no staging or old copy is left beside it.
    expect(await readdir(join(root, 'bin'))).toEqual(['convert']);
  });
});
