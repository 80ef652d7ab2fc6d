// The library scan over real folders: one file reached along two paths (a library folder that is a link to
// another, or a hard link in the download folder) is one model, listed under the first folder that reaches it.
import { link, mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleModel } from '@test-support/hf/gguf-samples';
import { scanLibrary } from './scan-library';

describe('scanLibrary', () => {
  it('lists a file once when two library folders reach it, by a folder link or a hard link', async () => {
    const root = await mkdtemp(join(tmpdir(), 'eva-scan-'));
    const models = join(root, 'models');
    const downloads = join(root, 'data', 'models');
    await mkdir(models, { recursive: true });
    await mkdir(downloads, { recursive: true });
    await writeFile(join(models, 'tiny-llama-test-F16.gguf'), sampleModel({ name: 'tiny-llama-test', fileType: 1 }));
    await writeFile(join(models, 'other-Q8_0.gguf'), sampleModel({ name: 'other' }));
    await symlink(models, join(root, 'models-link'));
    await link(join(models, 'tiny-llama-test-F16.gguf'), join(downloads, 'tiny-llama-test-F16.gguf'));

    const scan = await scanLibrary([models, join(root, 'models-link'), downloads]);
    expect(scan.models.map((m) => [m.fileName, m.folder]).sort()).toEqual([
      ['other-Q8_0.gguf', models],
      ['tiny-llama-test-F16.gguf', models],
    ]);
    expect(scan.files).toHaveLength(2);
  });
});
