// A search hit's snippet cut into plain and matched pieces, for <mark>.
export interface Segment {
  text: string;
  match: boolean;
}

export function highlightSegments(snippet: string, matches: readonly { start: number; end: number }[]): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  for (const { start, end } of [...matches].sort((a, b) => a.start - b.start)) {
    const from = Math.max(start, at);
    const to = Math.min(end, snippet.length);
    if (to <= from) continue;
    if (from > at) segments.push({ text: snippet.slice(at, from), match: false });
    segments.push({ text: snippet.slice(from, to), match: true });
    at = to;
  }
  if (at < snippet.length) segments.push({ text: snippet.slice(at), match: false });
  return segments;
}
