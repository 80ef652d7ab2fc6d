// What one render of an answer still waits for: a part of the pipeline fetched on first use (KaTeX, the highlighter),
// noted on the render's syntax tree by the plugin that needed it, so the block renders again once the part is here.
import type { Root } from 'hast';

interface Waits {
  waits?: Promise<void>[];
}

export function waitFor(tree: Root, part: Promise<void>): void {
  const data = (tree.data ??= {}) as Waits;
  (data.waits ??= []).push(part);
}

/** Settles once every part the render waited for is here; null when it waited for none. */
export function waitsOf(tree: Root): Promise<void> | null {
  const waits = (tree.data as Waits | undefined)?.waits;
  return waits?.length ? Promise.all(waits).then(() => undefined) : null;
}
