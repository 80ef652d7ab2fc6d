// The library listing a folder of crafted GGUF files: headers whose strings are
// hundreds of MB (invalid UTF-8 among them), and headers that declare millions of
// tensor infos. Listing them must cost far less memory than the files are big, and
// every such file must be listed as not usable, with why.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hugeStringsGguf, manyTensorsGguf, writeCrafted } from '@test-support/hf/crafted-gguf';
import { scanLibrary } from './scan-library';

const MiB = 1 << 20;

// The heap before the listing is only a fair baseline after a full collection.
setFlagsFromString('--expose_gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Runs `work` and returns its result with the highest heap use seen while it ran, over the start. */
async function peakHeapGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  collectGarbage();
  const start = process.memoryUsage().heapUsed;
  let peak = start;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  };
  // The reader awaits the disk between chunks, so a timer gets to run inside the listing.
  const timer = setInterval(sample, 1);
  try {
    const result = await work();
    sample();
    return { result, growthMb: (peak - start) / MiB };
  } finally {
    clearInterval(timer);
  }
}

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'eva-hostile-library-'));
  // 32 MB of invalid UTF-8 as the name and 192 MB of zeros in six other strings.
  await writeCrafted(
    join(folder, 'huge-strings.gguf'),
    hugeStringsGguf({ nameBytes: 32 * MiB, holes: 6, holeBytes: 32 * MiB }),
  );
  // Over the tensor limit, and a million zero tensor infos under it (their data would lie past the end).
  await writeCrafted(join(folder, 'four-million-tensors.gguf'), manyTensorsGguf({ declared: 4_000_000 }));
  await writeCrafted(join(folder, 'a-million-tensors.gguf'), manyTensorsGguf({ declared: 1_000_000 }));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('listing crafted GGUF headers', () => {
  it('stays under 100 MB of heap and lists every file as not usable, saying why', { timeout: 60_000 }, async () => {
    const { result, growthMb } = await peakHeapGrowth(() => scanLibrary([folder]));
    console.log(`listing crafted headers: heap grew ${growthMb.toFixed(1)} MB at most`);
    const rows = Object.fromEntries(result.models.map((model) => [model.fileName, model]));
    expect(rows['huge-strings.gguf']).toMatchObject({
      problem: expect.stringMatching(/^Not a usable model file: /),
      overLimit: { limit: 'kept' },
    });
    expect(rows['four-million-tensors.gguf']).toMatchObject({
      problem: expect.stringMatching(/^Not a usable model file: .*4000000 tensors/),
      overLimit: { limit: 'tensors', found: 4_000_000 },
    });
    expect(rows['a-million-tensors.gguf']?.problem).toMatch(/cut short/);
    expect(growthMb).toBeLessThan(100);
  });
});
