// Hostile inputs that reach the gguf surface: crafted headers dropped in a library
// folder and listed by the library's real scan, which reads every file's header.
import { join } from 'node:path';
import { scanLibrary } from '@main/services/models/scan-library';
import {
  ggufStart,
  hugeStringsGguf,
  manyTensorsGguf,
  namedTensorInfos,
  stringEntry,
  writeCrafted,
} from '@test-support/hf/crafted-gguf';
import type { HostileInput } from './hostile-input';

const MiB = 1 << 20;

/** Lists `dir` as a library folder and says what its one row shows. */
async function listedRow(dir: string): Promise<string> {
  const { models } = await scanLibrary([dir]);
  const [row] = models;
  if (!row || models.length !== 1) return `listed ${models.length} rows`;
  return row.problem === null ? `usable: ${row.name}` : `not usable: ${row.problem}`;
}

export const ggufInputs: HostileInput[] = [
  {
    name: 'a GGUF header with 1.3 GB of strings: a 32 MB name of invalid UTF-8 and forty 32 MB strings of zeros',
    surface: 'gguf',
    async probe(dir) {
      // The zeros are holes: the file is 1.3 GB and takes 32 MB of disk.
      await writeCrafted(
        join(dir, 'huge-strings.gguf'),
        hugeStringsGguf({ nameBytes: 32 * MiB, holes: 40, holeBytes: 32 * MiB }),
      );
      return listedRow(dir);
    },
    expect: /^not usable: Not a usable model file: invalid GGUF: keeping general\.name would take \d+ bytes of memory/,
  },
  {
    name: 'a GGUF header declaring four million tensors, with 96 MB of tensor infos after it',
    surface: 'gguf',
    async probe(dir) {
      await writeCrafted(join(dir, 'four-million-tensors.gguf'), manyTensorsGguf({ declared: 4_000_000 }));
      return listedRow(dir);
    },
    expect: /^not usable: Not a usable model file: invalid GGUF: declares 4000000 tensors at byte 8 \(limit 1048576\)/,
  },
  {
    name: 'a GGUF header with a million named tensor infos (about 60 MB, just under the limit) and no tensor data',
    surface: 'gguf',
    async probe(dir) {
      const count = 1_000_000;
      const header = [
        ...ggufStart(count, 2),
        ...stringEntry('general.architecture', 'llama'),
        ...stringEntry('general.name', 'million tensors'),
      ];
      // Streamed a block at a time, so the writing does not count against the listing's memory.
      await writeCrafted(
        join(dir, 'million-tensors.gguf'),
        (function* () {
          yield* header;
          yield* namedTensorInfos(count, 2 ** 40);
        })(),
      );
      return listedRow(dir);
    },
    expect: /^not usable: The file is cut short \(tensor blk\.\d+\.ffn_down\.weight lies past its end\)/,
  },
];
