// Progress from convert_hf_to_gguf.py's own output (stderr, read as segments by
// terminal-lines.ts). It works in two passes: first one INFO line per tensor as
// it plans each (`INFO:hf-to-gguf:blk.0.attn_q.weight, torch.float32 --> F16,
// shape = {64, 64}`), with no count beforehand; then the writer names the count
// (`n_tensors = 21, total_size = 430.1K`) and tqdm redraws `Writing: 45%|…|
// 1.23M/2.70M [...]` while the data goes to disk. Pure.
import type { WorkshopProgress } from '@shared/workshop/workshop-types';

export type ConvertProgress = Omit<WorkshopProgress, 'jobId'>;

const TENSOR_LINE = /^INFO:[\w.-]+:(\S+?),\s+\S+\s+-->\s+\w+,\s+shape = \{/;
const PLANNED = /n_tensors = (\d+)/;
const WRITING = /^\s*Writing:\s+(\d+)%\|[^|]*\|\s*([\d.]+)([kMGTPE]?)\/([\d.]+)([kMGTPE]?)/;
const SCALE: Record<string, number> = { '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18 };

export function convertProgressReader(onProgress: (progress: ConvertProgress) => void): (segment: string) => void {
  let tensors = 0;
  return (segment) => {
    const tensor = TENSOR_LINE.exec(segment);
    if (tensor) {
      tensors++;
      onProgress({ phase: 'convert', done: tensors, total: 0, tensor: tensor[1]! });
      return;
    }
    // The plan is made: writing starts, its size not yet said.
    if (PLANNED.test(segment)) {
      onProgress({ phase: 'write', done: 0, total: 0, tensor: null });
      return;
    }
    const writing = WRITING.exec(segment);
    if (writing) {
      const done = Math.round(Number(writing[2]) * SCALE[writing[3]!]!);
      const total = Math.round(Number(writing[4]) * SCALE[writing[5]!]!);
      onProgress({ phase: 'write', done: Math.min(done, total), total, tensor: null });
    }
  };
}
