// Progress from llama-quantize's and llama-imatrix's own output, fed in as it
// arrives (launch's 'text' mode). Never split on chunk boundaries:
// llama-quantize writes each tensor's line in two parts (`[ 12/291] name … ,
// converting to q4_K .. ` while it works, `size = … MiB\n` when done), and
// llama-imatrix writes `[k]ppl,` per chunk with a newline only every 16. Pure.

/** Where a tool is: `done` of `total` (0 until known), and the tensor it is on. */
export interface ToolProgress {
  done: number;
  total: number;
  tensor: string | null;
}

const TENSOR_HEAD = /^\[\s*(\d+)\/\s*(\d+)\]\s+(\S+)\s/;

/** llama-quantize's stderr: one event when a tensor's line starts, one when it ends. */
export function quantizeProgressReader(onProgress: (progress: ToolProgress) => void): (text: string) => void {
  let pending = '';
  let announced = '';
  const announce = (line: string, finished: boolean) => {
    const match = TENSOR_HEAD.exec(line);
    if (!match) return;
    const index = Number(match[1]);
    const key = `${index}:${finished}`;
    if (key === announced) return;
    announced = key;
    onProgress({ done: finished ? index : index - 1, total: Number(match[2]), tensor: match[3] ?? null });
  };
  return (text) => {
    pending += text;
    for (let cut = pending.indexOf('\n'); cut >= 0; cut = pending.indexOf('\n')) {
      announce(pending.slice(0, cut), true);
      pending = pending.slice(cut + 1);
    }
    announce(pending, false);
    // A line this long is not a tensor line; keep the head, where the index is.
    if (pending.length > 4096) pending = pending.slice(0, 4096);
  };
}

/** llama-imatrix: the chunk count from stderr (`computing over 20 chunks`), each chunk's `[k]ppl,` from stdout. */
export function imatrixProgressReader(
  onProgress: (progress: ToolProgress) => void,
): (stream: 'stdout' | 'stderr', text: string) => void {
  let total = 0;
  let done = 0;
  let stderrPending = '';
  let stdoutPending = '';
  return (stream, text) => {
    if (stream === 'stderr') {
      stderrPending += text;
      const cut = stderrPending.lastIndexOf('\n');
      if (cut < 0) return;
      const found = /computing over (\d+) chunks/.exec(stderrPending.slice(0, cut));
      stderrPending = stderrPending.slice(cut + 1);
      if (found) {
        total = Number(found[1]);
        onProgress({ done, total, tensor: null });
      }
      return;
    }
    stdoutPending += text;
    const cut = stdoutPending.lastIndexOf(',');
    if (cut < 0) return;
    let last = done;
    for (const match of stdoutPending.slice(0, cut + 1).matchAll(/\[(\d+)\][^,[]*,/g))
      last = Math.max(last, Number(match[1]));
    stdoutPending = stdoutPending.slice(cut + 1);
    if (last > done) {
      done = last;
      onProgress({ done, total: Math.max(total, done), tensor: null });
    }
  };
}
