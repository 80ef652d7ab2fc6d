// A unified diff of two texts, for the approval card of write_file/edit_file:
// the user sees exactly what will change before it happens. Myers' O(ND) line
// diff after trimming the common prefix and suffix; past `maxEdits` differences
// it gives up finding the minimal script and shows the middle as replaced,
// which keeps a rewrite of a 10 MB file from stalling the worker.

/** The diff text plus counts for the card's summary line. */
export interface UnifiedDiff {
  text: string;
  added: number;
  removed: number;
}

export interface DiffOptions {
  /** shown after `--- `; null for a file that does not exist yet (/dev/null) */
  oldName: string | null;
  newName: string;
  context?: number;
  maxEdits?: number;
}

type Op = { kind: ' ' | '-' | '+'; line: string };

export function unifiedDiff(oldText: string, newText: string, options: DiffOptions): UnifiedDiff {
  const a = splitLines(oldText);
  const b = splitLines(newText);
  const ops = diffLines(a, b, options.maxEdits ?? 2000);
  const added = ops.filter((op) => op.kind === '+').length;
  const removed = ops.filter((op) => op.kind === '-').length;
  if (added === 0 && removed === 0) return { text: '', added, removed };
  const header = [`--- ${options.oldName === null ? '/dev/null' : `a/${options.oldName}`}`, `+++ b/${options.newName}`];
  const hunks = formatHunks(ops, options.context ?? 3);
  return { text: [...header, ...hunks].join('\n') + '\n', added, removed };
}

// Lines keep their "\n" so a missing final newline is a difference like any other.
function splitLines(text: string): string[] {
  return text === '' ? [] : text.split(/(?<=\n)/);
}

function diffLines(a: readonly string[], b: readonly string[], maxEdits: number): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const middle = myers(a.slice(start, endA), b.slice(start, endB), maxEdits);
  const equal = (lines: readonly string[]): Op[] => lines.map((line) => ({ kind: ' ', line }));
  return [...equal(a.slice(0, start)), ...middle, ...equal(a.slice(endA))];
}

function myers(a: readonly string[], b: readonly string[], maxEdits: number): Op[] {
  const n = a.length;
  const m = b.length;
  const replaceAll = (): Op[] => [...a.map((line): Op => ({ kind: '-', line })), ...b.map((line): Op => ({ kind: '+', line }))];
  if (n === 0 || m === 0) return replaceAll();
  // trace[d][k + d] = furthest x on diagonal k after d edits; D² memory in total.
  const trace: Int32Array[] = [];
  for (let d = 0; d <= Math.min(n + m, maxEdits); d++) {
    const v = new Int32Array(2 * d + 1);
    const prev = trace[d - 1];
    for (let k = -d; k <= d; k += 2) {
      let x: number;
      if (!prev) x = 0;
      else if (k === -d || (k !== d && (prev[k - 1 + d - 1] as number) < (prev[k + 1 + d - 1] as number))) x = prev[k + 1 + d - 1] as number;
      else x = (prev[k - 1 + d - 1] as number) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[k + d] = x;
      if (x >= n && y >= m) {
        trace.push(v);
        return backtrack(trace, a, b);
      }
    }
    trace.push(v);
  }
  return replaceAll();
}

function backtrack(trace: readonly Int32Array[], a: readonly string[], b: readonly string[]): Op[] {
  const ops: Op[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d > 0; d--) {
    const prev = trace[d - 1] as Int32Array;
    const k = x - y;
    const down = k === -d || (k !== d && (prev[k - 1 + d - 1] as number) < (prev[k + 1 + d - 1] as number));
    const prevK = down ? k + 1 : k - 1;
    const prevX = prev[prevK + d - 1] as number;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push({ kind: ' ', line: a[--x] as string });
      y--;
    }
    if (down) ops.push({ kind: '+', line: b[--y] as string });
    else ops.push({ kind: '-', line: a[--x] as string });
  }
  while (x > 0 && y > 0) {
    ops.push({ kind: ' ', line: a[--x] as string });
    y--;
  }
  return ops.reverse();
}

function formatHunks(ops: readonly Op[], context: number): string[] {
  const out: string[] = [];
  const changed = ops.map((op, i) => (op.kind === ' ' ? -1 : i)).filter((i) => i !== -1);
  let index = 0;
  while (index < changed.length) {
    const first = changed[index] as number;
    let last = first;
    // Merge changes whose context would touch or overlap.
    while (index + 1 < changed.length && (changed[index + 1] as number) - last <= 2 * context + 1) last = changed[++index] as number;
    index++;
    const from = Math.max(0, first - context);
    const to = Math.min(ops.length, last + context + 1);
    let oldLine = 1;
    let newLine = 1;
    for (let i = 0; i < from; i++) {
      if (ops[i]?.kind !== '+') oldLine++;
      if (ops[i]?.kind !== '-') newLine++;
    }
    const slice = ops.slice(from, to);
    const oldCount = slice.filter((op) => op.kind !== '+').length;
    const newCount = slice.filter((op) => op.kind !== '-').length;
    out.push(`@@ -${oldCount === 0 ? oldLine - 1 : oldLine},${oldCount} +${newCount === 0 ? newLine - 1 : newLine},${newCount} @@`);
    for (const op of slice) {
      out.push(op.kind + op.line.replace(/\n$/, ''));
      if (!op.line.endsWith('\n')) out.push('\\ No newline at end of file');
    }
  }
  return out;
}
