// Sections of extracted text → passages with their sources, cut by the embedding
// server's own tokens (/tokenize) where it has a tokenizer, by the estimate
// otherwise. Long sections are tokenized in blocks that end at a line break, so
// no request is huge and block joins fall between tokens.
import {
  cutPassages,
  estimateTokenLengths,
  lineRange,
  lineStartsOf,
  tokenCharLengths,
} from '@shared/knowledge/passage-cut';
import type { TextSection } from './extract/text-section';

export interface CutPassage {
  text: string;
  page: number | null;
  lineStart: number;
  lineEnd: number;
  charStart: number;
  charEnd: number;
}

export interface CutOptions {
  passageTokens: number;
  overlapTokens: number;
  /** token byte lengths from the server, or null for the estimate */
  tokenize: ((text: string) => Promise<number[]>) | null;
}

const BLOCK_CHARS = 64 * 1024;

export async function cutSections(sections: readonly TextSection[], options: CutOptions): Promise<CutPassage[]> {
  const out: CutPassage[] = [];
  for (const section of sections) {
    const text = section.text;
    if (text.trim() === '') continue;
    const lengths = await tokenLengths(text, options.tokenize);
    const lines = lineStartsOf(text);
    for (const cut of cutPassages(text, lengths, { size: options.passageTokens, overlap: options.overlapTokens })) {
      out.push({
        text: text.slice(cut.start, cut.end).trim(),
        page: section.page,
        ...lineRange(lines, cut.start, cut.end),
        charStart: cut.start,
        charEnd: cut.end,
      });
    }
  }
  return out;
}

async function tokenLengths(text: string, tokenize: CutOptions['tokenize']): Promise<number[]> {
  if (!tokenize) return estimateTokenLengths(text);
  const out: number[] = [];
  for (const block of blocks(text)) {
    const lengths = tokenCharLengths(block, await tokenize(block));
    // A tokenizer whose pieces do not add up to the text (a leading space added) cannot place passages: estimate.
    if (!lengths) return estimateTokenLengths(text);
    out.push(...lengths);
  }
  return out;
}

function* blocks(text: string): Generator<string> {
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + BLOCK_CHARS, text.length);
    if (end < text.length) {
      const lineBreak = text.lastIndexOf('\n', end);
      if (lineBreak > start) end = lineBreak + 1;
    }
    yield text.slice(start, end);
    start = end;
  }
}
