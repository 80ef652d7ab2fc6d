// A partial download keeps a whole header: its last tensors start past the end of
// the file. This watches the tensor infos go by (readGgufHeader's onTensor) and
// keeps only the one that starts farthest, so a header of a million tensor infos
// is checked without holding a million objects.
import type { GgufHeader, GgufTensorInfo } from './gguf-reader';

export interface TensorPastEnd {
  name: string;
  /** its byte offset in the file */
  start: number;
}

/** An onTensor to pass to readGgufHeader, and the question to ask once it has read the header. */
export function watchTensorStarts(): {
  onTensor: (tensor: GgufTensorInfo) => void;
  pastEnd: (header: GgufHeader) => TensorPastEnd | null;
} {
  let farthest: GgufTensorInfo | null = null;
  return {
    onTensor: (tensor) => {
      if (farthest === null || tensor.offset > farthest.offset) farthest = tensor;
    },
    pastEnd: (header) => {
      if (farthest === null) return null;
      const start = (header.dataOffset ?? 0) + farthest.offset;
      return start >= header.fileSize ? { name: farthest.name, start } : null;
    },
  };
}
